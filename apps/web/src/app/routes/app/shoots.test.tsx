// @vitest-environment jsdom
import type { ReportDataView, ShootsAnswer } from '@ampelos/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { shootFixture } from '../../../test/shoot-fixtures.ts';
import { userOf } from '../../../test/users.ts';
import { ShootsRoute } from './shoots.tsx';

// The screen fetches the upload panel when first opened (React.lazy): load its module before the tests, so
// that they wait for the panel and not for its first transform on a busy machine.
beforeAll(() => import('../../../features/datasets/components/upload-panel.tsx'));

// jsdom has no WebGL: the map is a plain box here.
vi.mock('../../../components/map/index.ts', async () => ({
  ...(await import('../../../components/map/geometry.ts')),
  BaseMap: ({ 'data-testid': testId }: { 'data-testid'?: string }) => <div data-testid={testId} />,
  fitToRing: () => {},
  setPolygonOutlines: () => {},
}));

const shoot = shootFixture({ status: 'assigned_to_drone_operator', needsAssignment: false });

function dataOf(canUpload: boolean): ReportDataView {
  return {
    report: {
      uuid: shoot.report.uuid,
      service: 'e2e',
      status: 'processing_pending',
      processedAt: null,
      camera: null,
      numOfInputImgs: null,
      numOfOutputImgs: null,
      layers: [],
      imaging: [],
    },
    canConfirmImaging: false,
    canUpload,
    uploadRefusal: canUpload ? null : 'You may not upload data for this report',
    dataset: null,
    pdfUrl: null,
  };
}

function renderRoute(canUpload: boolean) {
  const user = userOf('drone_operator');
  const answer: ShootsAnswer = { data: [shoot], needsAssignment: 0, reportsAwaitingShoot: [] };
  mockApi({
    'GET /api/user': () => ({ body: user }),
    'GET /api/shoots': () => ({ body: answer }),
    [`GET /api/reports/${shoot.report.uuid}/data`]: () => ({ body: { data: dataOf(canUpload) } }),
  });
  renderWithProviders(<ShootsRoute />, { user, route: `/shoots?shoot=${shoot.uuid}` });
}

/** The screen, its shoot and the report's data panel take more than the default second on a busy machine. */
const SCREEN_READY = { timeout: 5000 };

describe('ShootsRoute', () => {
  it("gives the shoot's pilot Upload Data, which opens the datasets upload panel", async () => {
    renderRoute(true);
    await userEvent.click(await screen.findByTestId('upload-open', {}, SCREEN_READY));
    expect(await screen.findByTestId('upload-panel')).toBeTruthy();
  });

  it('shows no Upload Data when the server does not allow it', async () => {
    renderRoute(false);
    expect(await screen.findByTestId('report-data', {}, SCREEN_READY)).toBeTruthy();
    expect(screen.queryByTestId('upload-open')).toBeNull();
  });
});
