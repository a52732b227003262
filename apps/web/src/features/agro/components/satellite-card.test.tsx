// @vitest-environment jsdom
import type { AgroHistoryView, SatelliteEntryView } from '@ampelos/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { SatelliteCard } from './satellite-card.tsx';

// The card fetches its calendar and index map when it has days to show (React.lazy): load their
// modules before the tests, so that they wait for the card and not for a first transform.
beforeAll(() => Promise.all([import('./satellite-history.tsx'), import('./index-image-map.tsx')]));

// jsdom has no WebGL: the map is a plain box here (the browser screenshots show the real one).
vi.mock('../../../components/map/index.ts', async () => ({
  BaseMap: ({ 'data-testid': testId, ...rest }: { 'data-testid'?: string; 'data-image'?: string }) => (
    <div data-testid={testId} data-image={rest['data-image']} />
  ),
  fitToRing: () => {},
  setPolygonOutlines: () => {},
}));

const FIELD = {
  uuid: '6f1c1d2e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
  polygonPoints: [
    [22.71, 37.817],
    [22.711, 37.817],
    [22.711, 37.818],
    [22.71, 37.817],
  ] as [number, number][],
};
const at = (iso: string) => Date.parse(iso) / 1000;

/** 3 and 13 June with statistics; 8 June clouded over (imagery, no index). */
const history: AgroHistoryView = {
  reportUuid: 'r-1',
  generatedAt: '2025-06-14T00:00:00Z',
  sample: false,
  providers: { soil: null, weather: null, satellite: 'sentinel-2-stac' },
  soil_data: [],
  weather_data: [],
  satellite_data: [
    { dt: at('2025-06-03T09:20:00Z'), type: 'Sentinel-2', dc: 100, cl: 0, indices: ['ndvi', 'evi2', 'ndwi'] },
    { dt: at('2025-06-08T09:20:00Z'), type: 'Sentinel-2', dc: 100, cl: 100, indices: [] },
    { dt: at('2025-06-13T09:20:00Z'), type: 'Sentinel-2', dc: 100, cl: 5, indices: ['ndvi', 'evi2', 'ndwi'] },
  ],
  satellite_stats: [
    {
      dt: at('2025-06-03T09:20:00Z'),
      source: 'sentinel-2-stac',
      cl: 0,
      dc: 100,
      indices: {
        ndvi: { min: 0.3, max: 0.8, mean: 0.61 },
        evi2: { min: 0.2, max: 0.5, mean: 0.4 },
        ndwi: { min: -0.1, max: 0.3, mean: 0.12 },
      },
    },
    {
      dt: at('2025-06-13T09:20:00Z'),
      source: 'sentinel-2-stac',
      cl: 5,
      dc: 100,
      indices: {
        ndvi: { min: 0.25, max: 0.78, mean: 0.55 },
        ndwi: { min: -0.2, max: 0.2, mean: 0.05 },
      },
    },
  ],
};

const IMAGE = `GET /api/agro/index-image?fieldUuid=${FIELD.uuid}&index=ndvi&date=2025-06-13`;
const CHANGE = `GET /api/agro/index-change?fieldUuid=${FIELD.uuid}&index=ndvi&from=2025-06-03&to=2025-06-13`;

function render(
  images: SatelliteEntryView[] | null,
  file: AgroHistoryView | null = history,
  lang: 'en' | 'el' = 'en',
) {
  const api = mockApi({
    [`GET /api/agro/history?fieldUuid=${FIELD.uuid}`]: () => ({ body: { data: file } }),
    [`GET /api/agro/getSatelliteImgsData?fieldUuid=${FIELD.uuid}`]: () => ({ body: { data: images } }),
    [IMAGE]: () => ({ body: {} }),
    [CHANGE]: () => ({ status: 404, body: { errors: [{ msg: 'Index image not available' }] } }),
  });
  renderWithProviders(<SatelliteCard field={FIELD} />, { user: userOf('b2c_admin', { lang }), lang });
  return api;
}

const dayButton = (day: number) =>
  [...document.querySelectorAll<HTMLElement>('[data-imagery]')].find((b) => b.textContent === String(day));

afterEach(() => vi.useRealTimers());

describe('satellite history card', () => {
  it("puts the date's index image on the map and offers the change since another date", async () => {
    const api = render(null);
    const map = await screen.findByTestId('index-image-map');
    await waitFor(() => expect(map.dataset.image).toBe('shown'));
    expect(screen.getByTestId('index-legend-ndvi')).toBeTruthy();
    fireEvent.click(screen.getAllByLabelText('Change since')[0] as HTMLElement);
    // The one other date with NDVI: 3 June.
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options).toHaveLength(1);
    fireEvent.click(options[0] as HTMLElement);
    await waitFor(() => expect(api.calls.some((c) => `GET ${c.path}` === CHANGE)).toBe(true));
    expect(screen.getByTestId('index-legend-change')).toBeTruthy();
    // No change image (404): said quietly, no alert.
    expect(await screen.findByTestId('index-image-unavailable')).toBeTruthy();
    expect(screen.queryByText('Index image not available')).toBeNull();
  }, 30_000);

  it("shows the latest date's statistics and switches index", async () => {
    render(null);
    const card = await screen.findByTestId('satellite-card');
    await waitFor(() => expect(card.dataset.state).toBe('ready'));
    expect(within(card).getByTestId('satellite-selected-day').textContent).toContain('NDVI');
    expect(within(card).getByTestId('satellite-mean').textContent).toBe('0.550');
    expect(within(card).getByTestId('satellite-graph').dataset.points).toBe('2');
    fireEvent.click(within(card).getByText('NDWI'));
    expect(within(card).getByTestId('satellite-min').textContent).toBe('-0.200');
    fireEvent.click(dayButton(3) as HTMLElement);
    expect(within(card).getByTestId('satellite-mean').textContent).toBe('0.120');
  });

  it('names the calendar month in the interface language', async () => {
    render(null, history, 'el');
    const calendar = await screen.findByTestId('satellite-calendar');
    await waitFor(() => expect(calendar.textContent).toMatch(/Ιούνιος 2025/i));
  });

  it('marks the dates with imagery and flashes a hint for 1.6 s on a date without the index', async () => {
    render(null);
    const card = await screen.findByTestId('satellite-card');
    await waitFor(() => expect(card.dataset.state).toBe('ready'));
    expect(dayButton(8)?.dataset.imagery).toBe('no-index');
    // EVI2 has no statistics on 13 June: a date with imagery but not with that index.
    fireEvent.click(within(card).getByText('EVI2'));
    expect(dayButton(13)?.dataset.imagery).toBe('index');
    vi.useFakeTimers();
    fireEvent.click(dayButton(8) as HTMLElement);
    expect(within(card).getByTestId('satellite-hint').textContent).toBe('No EVI2 imagery on this date');
    act(() => vi.advanceTimersByTime(1599));
    expect(within(card).queryByTestId('satellite-hint')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(within(card).queryByTestId('satellite-hint')).toBeNull();
  });

  it("adds the provider's dates with imagery to the report's", async () => {
    render([
      { dt: at('2025-06-18T09:20:00Z'), type: 'Sentinel-2', dc: 100, cl: 2, indices: ['ndvi', 'evi'] },
    ]);
    const card = await screen.findByTestId('satellite-card');
    await waitFor(() => expect(card.dataset.state).toBe('ready'));
    expect(within(card).getByText(/4 dates with imagery/)).toBeTruthy();
    expect(within(card).getByTestId('satellite-no-stats')).toBeTruthy();
  });

  it('says "Information not available" without imagery', async () => {
    render(null, null);
    const card = await screen.findByTestId('satellite-card');
    await waitFor(() => expect(card.dataset.state).toBe('unavailable'));
    expect(within(card).getByText('Information not available')).toBeTruthy();
  });
});
