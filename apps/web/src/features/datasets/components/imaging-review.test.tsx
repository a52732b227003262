// @vitest-environment jsdom
import type { DatasetView, ReportDataView } from '@ampelos/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { DatasetProgress } from './dataset-progress.tsx';

const REASON =
  'The photo’s GPS altitude minus the field’s altitude (0 m) gives a flight height of 174.5 m, outside the plausible 5–150 m: confirm the flight height above ground before analysis.';

const dataset: DatasetView = {
  uuid: 'd1',
  status: 'review',
  kind: 'photos',
  message: REASON,
  uploads: [],
  filesAccepted: 5,
  filesRejected: 0,
  files: [],
  filesTruncated: false,
  progress: { phase: 'review', done: 0, total: 3 },
  review: { reasons: [REASON] },
  submittedAt: null,
  processedAt: null,
};

function dataOf(
  canConfirmImaging: boolean,
  overrides: Partial<ReportDataView['report']> = {},
): ReportDataView {
  return {
    report: {
      uuid: 'r1',
      service: 'manual',
      status: 'processing_data',
      processedAt: null,
      camera: null,
      numOfInputImgs: null,
      numOfOutputImgs: null,
      layers: [],
      imaging: [],
      ...overrides,
    },
    canConfirmImaging,
    canUpload: false,
    uploadRefusal: null,
    dataset,
    pdfUrl: null,
  };
}

describe('a dataset awaiting a confirmation', () => {
  it('tells the customer why it waits, without the staff form', async () => {
    mockApi({});
    renderWithProviders(<DatasetProgress data={dataOf(false)} />, { user: userOf('b2c_admin') });
    expect((await screen.findByTestId('dataset-review')).textContent).toContain(
      "Awaiting our team's confirmation",
    );
    expect(screen.queryByTestId('imaging-confirm')).toBeNull();
  });

  it('lets operations staff read the reasons and confirm a flight height', async () => {
    const api = mockApi({
      'POST /api/reports/r1/data/confirm': () => ({ status: 202, body: { data: dataOf(false) } }),
    });
    renderWithProviders(<DatasetProgress data={dataOf(true)} />, { user: userOf('operation_admin') });
    expect((await screen.findByTestId('imaging-confirm')).textContent).toContain('174.5 m');
    await userEvent.type(screen.getByLabelText(/Flight height above ground/), '72.7');
    await userEvent.click(screen.getByTestId('imaging-confirm-submit'));
    await screen.findByTestId('imaging-confirm');
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ heightM: 72.7 });
  });
});

describe('a complete report', () => {
  it('says which camera, bands, height source and method were used', async () => {
    mockApi({});
    const data = dataOf(false, {
      status: 'complete',
      imaging: [
        {
          camera: 'MicaSense RedEdge',
          kind: 'multispectral',
          bands: ['red', 'green', 'blue', 'nir', 'redEdge'],
          method: 'band-metadata',
          heightM: 72.7,
          heightSource: 'ground-capture',
          indices: ['ndvi', 'ndre', 'gndvi', 'gli'],
        },
      ],
    });
    renderWithProviders(
      <DatasetProgress data={{ ...data, dataset: { ...dataset, status: 'complete', review: null } }} />,
      {
        user: userOf('b2c_admin'),
      },
    );
    const text = (await screen.findByTestId('dataset-imaging')).textContent ?? '';
    expect(text).toContain('MicaSense RedEdge: multispectral camera');
    expect(text).toContain('red, green, blue, NIR, red edge → NDVI, NDRE, GNDVI, GLI');
    expect(text).toContain('72.7 m (GPS altitude above the dataset’s ground capture)');
  });
});
