// @vitest-environment jsdom
import type { ReportResultsView, ResultsBoxView, Role } from '@ampelos/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { ResultsButton } from './results-button.tsx';

// jsdom has no WebGL: the map is replaced by its markers and popup (the real map is in the browser screenshots).
vi.mock('./results-map.tsx', () => ({
  ResultsMap: (props: {
    results: ReportResultsView;
    layer: string | null;
    opacity: number;
    onPlant: (plant: { boxId: string; base: string }) => void;
    popup: { content: ReactNode } | null;
    compare: { right: { label: string; overlay: { tiles: string[] } } } | null;
    grid: { cells: unknown[] } | null;
    vigour: { features: unknown[] } | null;
  }) => (
    <div
      data-testid="results-map"
      data-layer={props.layer ?? ''}
      data-opacity={props.opacity}
      data-compare={
        props.compare ? `${props.compare.right.label} @ ${props.compare.right.overlay.tiles[0]}` : ''
      }
      data-grid={props.grid ? props.grid.cells.length : ''}
      data-vigour-plants={props.vigour ? props.vigour.features.length : ''}
    >
      {props.results.photos.flatMap((photo) =>
        photo.boxes.map((box) => (
          <button
            key={box.id}
            type="button"
            data-testid="results-marker"
            onClick={() => props.onPlant({ boxId: box.id, base: photo.base })}
          >
            {box.id}
          </button>
        )),
      )}
      {props.popup && <div data-testid="popup">{props.popup.content}</div>}
    </div>
  ),
}));

const UUID = '6f1c1d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f';
const box = (overrides: Partial<ResultsBoxView>): ResultsBoxView => ({
  id: 'DJI_0001-1',
  x: 100,
  y: 80,
  w: 40,
  h: 40,
  lng: 22.7101,
  lat: 37.8177,
  colour: 'yellow',
  className: 'Not Classified',
  factor: null,
  comment: null,
  annotatedAt: null,
  annotatedBy: null,
  drawn: false,
  ring: null,
  ...overrides,
});

function resultsOf(overrides: Partial<ReportResultsView> = {}): ReportResultsView {
  return {
    uuid: UUID,
    createdAt: '2024-05-01T10:00:00.000Z',
    processedAt: '2024-05-03T10:00:00.000Z',
    field: { uuid: null, title: 'Nemea North', polygonPoints: null },
    layers: ['ai', 'comb', 'water_stress', 'no_pseu'],
    tileUrlTemplate: `/api/reports/${UUID}/files/tiles/{layer}/{z}/{x}/{y}.png`,
    tileZoom: { min: 17, max: 21, maxByLayer: {} },
    pdfUrl: `/api/reports/${UUID}/files/data_files/final_report.pdf`,
    size: { hd: { w: 800, h: 600 } },
    scale: { ratio: { x: 5, y: 5 } },
    surfaceMap: null,
    photos: [
      {
        file: 'DJI_0001.JPG',
        base: 'DJI_0001',
        lng: 22.7105,
        lat: 37.8175,
        hdUrl: `/api/reports/${UUID}/files/DJI_0001-hd.jpg`,
        canDraw: true,
        boxes: [box({}), box({ id: 'DJI_0001-2', x: 400, colour: 'red', comment: 'Old vine' })],
      },
    ],
    canAnnotate: true,
    siblings: [],
    vigourUrl: null,
    canExportAnnotations: false,
    ...overrides,
  };
}

const VIGOUR_URL = `/api/reports/${UUID}/files/data_files/vigour.geojson`;
const unit = (vigour: 'low' | 'medium' | 'high', lng: number) => ({
  type: 'Feature',
  properties: { vigour, z: vigour === 'low' ? -1.6 : vigour === 'high' ? 1.4 : 0.1 },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [lng, 37.8175],
        [lng, 37.81749],
        [lng + 0.00001, 37.81749],
        [lng + 0.00001, 37.8175],
        [lng, 37.8175],
      ],
    ],
  },
});
const VIGOUR_LAYER = {
  type: 'FeatureCollection',
  features: [unit('low', 22.71), unit('medium', 22.7101), unit('medium', 22.7102), unit('high', 22.7103)],
};

// jsdom loads no images: give the HD photo a size and fire its load event.
beforeEach(() => {
  Object.defineProperty(HTMLImageElement.prototype, 'naturalWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLImageElement.prototype, 'naturalHeight', { configurable: true, get: () => 600 });
});

async function openResults(
  results: ReportResultsView,
  {
    role = 'b2c_admin',
    lang = 'en',
    others = [],
  }: { role?: Role; lang?: 'en' | 'el'; others?: ReportResultsView[] } = {},
) {
  const api = mockApi({
    ...Object.fromEntries(
      others.map((other) => [`GET /api/reports/${other.uuid}/results`, () => ({ body: { data: other } })]),
    ),
    [`GET /api/reports/${UUID}/results`]: () => ({ body: { data: results } }),
    [`GET ${VIGOUR_URL}`]: () => ({ body: VIGOUR_LAYER }),
    'POST /api/reports/update/bbox': ({ body }) => {
      const input = body as { bboxId: string; factor: string; comment: string };
      return {
        body: {
          data: {
            file: 'DJI_0001.JPG',
            base: 'DJI_0001',
            box: box({
              id: input.bboxId,
              factor: input.factor,
              comment: input.comment || null,
              annotatedAt: '2025-06-02T10:00:00.000Z',
              annotatedBy: 'Eleni Papadopoulou',
            }),
          },
          msg: 'Report successfully updated.',
        },
      };
    },
  });
  renderWithProviders(<ResultsButton reportUuid={UUID} reportName="03/05/24" />, {
    user: userOf(role),
    lang,
  });
  await userEvent.click(screen.getByTestId('results-open'));
  await screen.findByTestId('results-map');
  return api;
}

async function openHdPhoto(markerIndex = 0) {
  await userEvent.click(screen.getAllByTestId('results-marker')[markerIndex] as HTMLElement);
  await userEvent.click(within(screen.getByTestId('popup')).getByTestId('results-hd-toggle'));
  fireEvent.load(await screen.findByTestId('results-hd-image'));
}

describe('report results', () => {
  it('swipes between two layers of the report or a layer of another report of the field', async () => {
    const OTHER = '0b9e7a3c-1111-4222-8333-444455556666';
    const other = resultsOf({
      uuid: OTHER,
      processedAt: '2023-07-10T10:00:00.000Z',
      layers: ['ai', 'no_pseu'],
      tileUrlTemplate: `/api/reports/${OTHER}/files/tiles/{layer}/{z}/{x}/{y}.png`,
    });
    await openResults(
      resultsOf({
        siblings: [
          {
            uuid: OTHER,
            createdAt: '2023-07-01T10:00:00.000Z',
            processedAt: other.processedAt,
            finalShootDay: '2023-07-08',
          },
        ],
      }),
      { others: [other] },
    );
    const map = screen.getByTestId('results-map');
    expect(map.dataset.compare).toBe('');
    await userEvent.click(screen.getByTestId('results-compare-toggle'));
    // The right side starts on the report's next layer.
    await waitFor(() =>
      expect(map.dataset.compare).toMatch(/^This report · Chlorophyll Content @ .*\/tiles\/comb\//),
    );
    await userEvent.click(screen.getByTestId('results-compare-report'));
    // Named as the report panel names it (its shoot's final day, not its processing date), and as
    // the field page writes dates: DD/MM/YY.
    await userEvent.click(await screen.findByRole('option', { name: '08/07/23' }));
    await waitFor(() =>
      expect(map.dataset.compare).toMatch(
        new RegExp(`· High Definition @ .*/reports/${OTHER}/files/tiles/no_pseu/`),
      ),
    );
    await userEvent.click(screen.getByTestId('results-compare-toggle'));
    expect(map.dataset.compare).toBe('');
  }, 20_000);

  it('draws the stress-density grid of the field on demand', async () => {
    const ring: [number, number][] = [
      [22.71, 37.817],
      [22.711, 37.817],
      [22.711, 37.818],
      [22.71, 37.818],
      [22.71, 37.817],
    ];
    await openResults(resultsOf({ field: { uuid: null, title: 'Nemea North', polygonPoints: ring } }));
    const map = screen.getByTestId('results-map');
    expect(map.dataset.grid).toBe('');
    await userEvent.click(screen.getByTestId('results-grid-toggle'));
    // Both boxes lie in one 80 m square.
    expect(map.dataset.grid).toBe('1');
    expect(screen.getByTestId('results-grid-legend').textContent).toContain('most: 2');
  });

  it('offers exactly the report layers with the spec labels, Plant Stress first, at full opacity', async () => {
    await openResults(resultsOf());
    expect(screen.getByTestId('results-modal')).toBeTruthy();
    expect(screen.getByTestId('results-map').dataset.layer).toBe('ai');
    expect(screen.getByTestId('results-map').dataset.opacity).toBe('100');
    await userEvent.click(screen.getByTestId('results-layer-select'));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Plant Stress', 'Chlorophyll Content', 'Water Stress', 'High Definition']);
    await userEvent.click(screen.getByRole('option', { name: 'Chlorophyll Content' }));
    expect(screen.getByTestId('results-map').dataset.layer).toBe('comb');
    expect(screen.getByText('Low chlorophyll')).toBeTruthy();
  });

  it('explains the classification layer: what each colour means and where classes come from', async () => {
    await openResults(resultsOf({ layers: ['ai', 'beta'] }));
    expect(screen.queryByTestId('results-classification-legend')).toBeNull();
    await userEvent.click(screen.getByTestId('results-layer-select'));
    await userEvent.click(screen.getAllByRole('option')[1] as HTMLElement);
    expect(screen.getByTestId('results-map').dataset.layer).toBe('beta');
    const legend = screen.getByTestId('results-classification-legend');
    for (const name of [
      'Not Classified',
      'Fungal Diseases',
      'Trunk Diseases',
      'Heat Stress',
      'Water Stress',
      'Toxicity',
    ])
      expect(legend.textContent).toContain(name);
    expect(legend.textContent).toContain("a person's assessment");
  });

  it('offers the vigour layer over the HD photos, with its classes, their counts and how they are set', async () => {
    const api = await openResults(resultsOf({ layers: ['ai', 'beta', 'no_pseu'], vigourUrl: VIGOUR_URL }));
    await userEvent.click(screen.getByTestId('results-layer-select'));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Plant Stress', 'Classification', 'Vigour', 'High Definition']);
    // Not fetched until it is shown.
    expect(api.calls.some((call) => call.path.endsWith('vigour.geojson'))).toBe(false);
    await userEvent.click(screen.getByRole('option', { name: 'Vigour' }));
    const map = screen.getByTestId('results-map');
    expect(map.dataset.layer).toBe('vigour');
    await waitFor(() => expect(map.dataset.vigourPlants).toBe('4'));
    const legend = screen.getByTestId('results-vigour-legend');
    expect(legend.textContent).toContain('Low vigour (1)');
    expect(legend.textContent).toContain('Medium vigour (2)');
    expect(legend.textContent).toContain('High vigour (1)');
    expect(screen.getByTestId('results-vigour-explained').textContent).toContain('within 8 m');
    // The stress colours are for the plant markers of the other layers.
    expect(screen.queryByTestId('results-classification-legend')).toBeNull();
  });

  it('shows the vigour legend in Greek', async () => {
    await openResults(resultsOf({ layers: ['ai', 'no_pseu'], vigourUrl: VIGOUR_URL }), { lang: 'el' });
    await userEvent.click(screen.getByTestId('results-layer-select'));
    await userEvent.click(screen.getByRole('option', { name: 'Ευρωστία' }));
    await waitFor(() =>
      expect(screen.getByTestId('results-vigour-legend').textContent).toContain('Χαμηλή ευρωστία (1)'),
    );
  });

  it('links the labelled set of annotated plants for staff only', async () => {
    await openResults(resultsOf());
    expect(screen.queryByTestId('results-export-annotations')).toBeNull();
  });

  it('gives staff the labelled set of the report’s annotated plants', async () => {
    await openResults(resultsOf({ canExportAnnotations: true }), { role: 'admin' });
    const link = screen.getByTestId('results-export-annotations');
    expect(link.getAttribute('href')).toBe(`/api/annotations/export?report=${UUID}`);
    expect(link.textContent).toBe('Download annotated plants (labelled set)');
  });

  it('changes the opacity in steps and links the PDF', async () => {
    await openResults(resultsOf());
    const thumb = within(screen.getByTestId('results-opacity')).getByRole('slider');
    fireEvent.keyDown(thumb, { key: 'ArrowLeft' });
    fireEvent.keyDown(thumb, { key: 'ArrowLeft' });
    expect(screen.getByTestId('results-map').dataset.opacity).toBe('90');
    expect(screen.getByText('Opacity 90%')).toBeTruthy();
    expect(screen.getByTestId('results-download-pdf').getAttribute('href')).toBe(
      `/api/reports/${UUID}/files/data_files/final_report.pdf`,
    );
  });

  it('says so when the report has no layers and no stressed plants', async () => {
    await openResults(resultsOf({ layers: [], tileZoom: null, pdfUrl: null, photos: [] }));
    expect(screen.getByText('This report has no map layers.')).toBeTruthy();
    expect(screen.getByText('No stressed plants were found.')).toBeTruthy();
    expect(screen.queryByTestId('results-layer-select')).toBeNull();
    expect(screen.queryByTestId('results-download-pdf')).toBeNull();
  });

  it('shows Greek layer names in Greek', async () => {
    await openResults(resultsOf(), { lang: 'el' });
    await userEvent.click(screen.getByTestId('results-layer-select'));
    expect(screen.getByRole('option', { name: 'Υδατική καταπόνηση' })).toBeTruthy();
  });

  it('opens a plant: class, comment, and the HD photo with its boxes', async () => {
    await openResults(resultsOf());
    await userEvent.click(screen.getAllByTestId('results-marker')[1] as HTMLElement);
    const popup = within(screen.getByTestId('popup'));
    expect(popup.getByText('Not Classified')).toBeTruthy();
    expect(popup.getByText('Old vine')).toBeTruthy();
    await userEvent.click(popup.getByTestId('results-hd-toggle'));
    fireEvent.load(await screen.findByTestId('results-hd-image'));
    const boxes = await screen.findAllByTestId('results-box');
    expect(boxes.map((b) => b.dataset.boxId)).toEqual(['DJI_0001-1', 'DJI_0001-2']);
    expect(boxes[1]?.getAttribute('aria-pressed')).toBe('true');
  });

  it('annotates a box with a stress factor from the catalogue and a comment', async () => {
    const api = await openResults(resultsOf());
    await openHdPhoto();
    await userEvent.click(screen.getAllByTestId('results-box')[0] as HTMLElement);
    await userEvent.click(screen.getByTestId('annotation-factor'));
    await userEvent.click(screen.getByRole('option', { name: /^Downy mildew/ }));
    await userEvent.type(screen.getByTestId('annotation-comment'), 'Oil spots');
    await userEvent.click(screen.getByTestId('annotation-save'));
    await screen.findByText('Report successfully updated.');
    const request = api.calls.find((call) => call.path === '/api/reports/update/bbox');
    expect(request?.body).toEqual({
      reportUuid: UUID,
      file: 'DJI_0001.JPG',
      base: 'DJI_0001',
      bboxId: 'DJI_0001-1',
      factor: 'downy_mildew',
      comment: 'Oil spots',
    });
    expect(await screen.findByTestId('annotation-by')).toBeTruthy();
  });

  it('asks what Other is before saving', async () => {
    const api = await openResults(resultsOf());
    await openHdPhoto();
    await userEvent.click(screen.getAllByTestId('results-box')[0] as HTMLElement);
    await userEvent.click(screen.getByTestId('annotation-factor'));
    await userEvent.click(screen.getByRole('option', { name: 'Other' }));
    await userEvent.click(screen.getByTestId('annotation-save'));
    expect(
      screen.getByText('Describe the stress factor', { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the spec sentence when saving fails', async () => {
    const api = await openResults(resultsOf());
    mockApi({
      [`GET /api/reports/${UUID}/results`]: () => ({ body: { data: resultsOf() } }),
      'POST /api/reports/update/bbox': () => ({ status: 404, body: { errors: [{ msg: 'Box not found' }] } }),
    });
    await openHdPhoto();
    await userEvent.click(screen.getAllByTestId('results-box')[0] as HTMLElement);
    await userEvent.type(screen.getByTestId('annotation-comment'), 'x');
    await userEvent.click(screen.getByTestId('annotation-save'));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Box not found')).toBeNull();
    expect(api.calls).toBeDefined();
  });

  it('shows annotations read-only to roles that may not annotate', async () => {
    await openResults(resultsOf({ canAnnotate: false }), { role: 'Marketing Admin' });
    await openHdPhoto(1);
    await userEvent.click(screen.getAllByTestId('results-box')[1] as HTMLElement);
    expect(screen.queryByTestId('annotation-form')).toBeNull();
    expect(screen.getByTestId('annotation-readonly').textContent).toContain('Old vine');
    expect(screen.queryByTestId('results-draw')).toBeNull();
  });

  it('navigates to the plant, or says the navigator is not supported', async () => {
    await openResults(resultsOf());
    await userEvent.click(screen.getAllByTestId('results-marker')[0] as HTMLElement);
    await userEvent.click(screen.getByTestId('results-navigate'));
    expect(await screen.findByText('Navigator is not supported')).toBeTruthy();

    const open = vi.fn();
    vi.stubGlobal('open', open);
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: vi.fn() },
    });
    await userEvent.click(screen.getByTestId('results-navigate'));
    expect(open).toHaveBeenCalledWith(
      'https://www.google.com/maps/dir/?api=1&destination=37.8177000,22.7101000&travelmode=walking',
      '_blank',
      'noopener',
    );
    Reflect.deleteProperty(navigator, 'geolocation');
  });
});

describe('waiting for results', () => {
  it('shows a failure without breaking the page', async () => {
    mockApi({
      [`GET /api/reports/${UUID}/results`]: () => ({ status: 409, body: { errors: [{ msg: 'x' }] } }),
    });
    renderWithProviders(<ResultsButton reportUuid={UUID} reportName="#6f1c" />, {
      user: userOf('b2c_admin'),
    });
    await userEvent.click(screen.getByTestId('results-open'));
    await waitFor(() => expect(screen.getByText('The results could not be loaded.')).toBeTruthy());
  });
});
