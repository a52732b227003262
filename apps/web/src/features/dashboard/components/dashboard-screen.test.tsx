// @vitest-environment jsdom
import type { AnalyticsOverview } from '@ampelos/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { DashboardScreen } from './dashboard-screen.tsx';

// jsdom has no WebGL: the map is a plain box here (the browser screenshots show the real one).
vi.mock('../../../components/map/index.ts', async () => ({
  ...(await import('../../../components/map/geometry.ts')),
  BaseMap: ({ 'data-testid': testId }: { 'data-testid'?: string }) => <div data-testid={testId} />,
  setClusteredMarkers: () => {},
  setPolygonOutlines: () => {},
}));

function overviewOf(from: string, to: string, extra: Partial<AnalyticsOverview> = {}): AnalyticsOverview {
  return {
    range: { from, to },
    reports: {
      numOfInputImgs: 1200,
      numOfOutputImgs: 950,
      totalStressedPoints: 4321,
      services: { e2e: 7, manual: 3 },
    },
    fields: {
      totalHectares: 123.45,
      totalHectaresWithShoots: 80.5,
      totalNumOfFieldsWithShoots: 6,
      totalNumOfFields: 9,
    },
    companies: { totalNum: 4 },
    orders: { total: 12, byPaymentMethod: { wire_transfer: 10, card: 1, stripe: 1 } },
    shootStatuses: {
      unassigned: 2,
      assigned_to_drone_admin: 1,
      assigned_to_drone_operator: 0,
      confirmed_shoot_dates: 3,
      complete: 4,
    },
    growth: [
      { weekStart: '2025-02-24', orders: 0, orderValue: 0, couponOrders: 0 },
      { weekStart: '2025-03-03', orders: 2, orderValue: 1500.5, couponOrders: 1 },
    ],
    monthlyOrders: [
      { month: '2025-03', complete: 2, pendingPayment: 1, orderValue: 1500.5 },
      { month: '2025-04', complete: 0, pendingPayment: 0, orderValue: 0 },
    ],
    ...extra,
  };
}

const FIELDS = { data: [{ uuid: 'f1', title: 'Nemea North', hectares: 2.5, lng: 22.7, lat: 37.8 }] };

function mockDashboard() {
  return mockApi({
    'GET /api/analytics/overview?from=2025-03-01&to=2025-04-30': () => ({
      body: overviewOf('2025-03-01', '2025-04-30'),
    }),
    'GET /api/analytics/overview?from=2025-01-01&to=2025-04-30': () => ({
      body: overviewOf('2025-01-01', '2025-04-30', {
        monthlyOrders: [
          { month: '2025-01', complete: 5, pendingPayment: 0, orderValue: 900 },
          { month: '2025-02', complete: 1, pendingPayment: 0, orderValue: 100 },
          { month: '2025-03', complete: 2, pendingPayment: 1, orderValue: 1500.5 },
          { month: '2025-04', complete: 0, pendingPayment: 0, orderValue: 0 },
        ],
      }),
    }),
    'GET /api/analytics/fields-map': () => ({ body: FIELDS }),
  });
}

const ROUTE = '/dashboard?from=2025-03-01&to=2025-04-30';

describe('DashboardScreen', () => {
  it('shows the figures, the charts and the shoot statuses of the range in the URL', async () => {
    mockDashboard();
    renderWithProviders(<DashboardScreen />, { route: ROUTE, user: userOf('admin') });
    const fields = await screen.findByTestId('analytics-card-fields');
    expect(within(fields).getByTestId('analytics-card-value').textContent).toBe('9');
    expect(fields.textContent).toContain('123.45 ha');
    expect(screen.getByTestId('analytics-card-stressed-points').textContent).toContain('4,321');
    expect(screen.getByTestId('analytics-card-orders').textContent).toContain(
      '10 by wire transfer · 2 by card',
    );
    expect(screen.getByTestId('growth-chart').dataset.weeks).toBe('2');
    expect(screen.getByTestId('orders-chart').dataset.months).toBe('2');
    const legend = within(screen.getByTestId('shoots-donut')).getAllByTestId('donut-legend-item');
    expect(legend.map((item) => item.textContent)).toEqual([
      'Unassigned220%',
      'Assigned DA110%',
      'Assigned DO00%',
      'Confirmed330%',
      'Complete440%',
    ]);
    // Day first in every language, whatever the browser's own locale (spec section 9).
    expect((screen.getByTestId('dashboard-from') as HTMLInputElement).value).toBe('01/03/2025');
    expect(await screen.findByTestId('dashboard-map')).toBeTruthy();
  });

  it('asks again with the new dates when the range changes, and not at all for an impossible one', async () => {
    const api = mockDashboard();
    renderWithProviders(<DashboardScreen />, { route: ROUTE, user: userOf('admin') });
    await screen.findByTestId('analytics-cards');
    fireEvent.change(screen.getByTestId('dashboard-from'), { target: { value: '01/01/2025' } });
    await waitFor(() => expect(screen.getByTestId('orders-chart').dataset.months).toBe('4'));
    const overviewCalls = () =>
      api.calls.filter((call) => call.path.startsWith('/api/analytics/overview')).map((call) => call.path);
    expect(overviewCalls()).toEqual([
      '/api/analytics/overview?from=2025-03-01&to=2025-04-30',
      '/api/analytics/overview?from=2025-01-01&to=2025-04-30',
    ]);

    fireEvent.change(screen.getByTestId('dashboard-to'), { target: { value: '01/12/2024' } });
    expect(await screen.findByText('The end date cannot be before the start date')).toBeTruthy();
    expect(overviewCalls()).toHaveLength(2);
  });

  it('exports each table as CSV with the figures on screen', async () => {
    const user = userEvent.setup();
    mockDashboard();
    const blobs: Blob[] = [];
    // jsdom has no object URLs: keep the blobs the download would point at.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return 'blob:x';
    };
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toMatch(/^ampelos-(summary|growth)-2025-03-01_2025-04-30\.csv$/);
    });
    renderWithProviders(<DashboardScreen />, { route: ROUTE, user: userOf('admin') });
    await screen.findByTestId('analytics-cards');

    await user.click(screen.getByTestId('dashboard-export-csv'));
    await user.click(await screen.findByTestId('dashboard-export-growth'));
    await user.click(screen.getByTestId('dashboard-export-csv'));
    await user.click(await screen.findByTestId('dashboard-export-summary'));
    expect(clicked).toHaveBeenCalledTimes(2);

    // A UTF-8 byte order mark first (spreadsheets then read Greek right); text() drops it.
    const bytes = new Uint8Array(await (blobs[0] as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [growth, summary] = await Promise.all(blobs.map((blob) => blob.text()));
    expect(growth).toBe(
      'Week starting,Orders,Order value (EUR),With coupon\r\n2025-02-24,0,0,0\r\n2025-03-03,2,1500.5,1\r\n',
    );
    const summaryLines = summary?.split('\r\n') ?? [];
    expect(summaryLines[0]).toBe('Figure,Value');
    expect(summaryLines).toContain('Fields,9');
    expect(summaryLines).toContain('Hectares of all fields,123.45');
    expect(summaryLines).toContain('Stressed plants found,4321');
    expect(summaryLines).toContain('Orders: Wire transfer,10');
    clicked.mockRestore();
  });
});
