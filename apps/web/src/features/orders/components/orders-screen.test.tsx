// @vitest-environment jsdom
import type { OrderView } from '@ampelos/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { orderFixture, orderReport } from '../order-fixtures.ts';
import { OrdersScreen } from './orders-screen.tsx';

const second = orderFixture({
  id: 8,
  uuid: 'bbbbbbbb-0000-4000-8000-000000000008',
  status: 'complete',
  transactionType: 'receipt',
  total: 600,
  finalPrice: 600,
  coupon: null,
  paymentDetails: null,
  billingAddress: {
    line_1: 'Odos 5',
    city: 'Patra',
    state: 'Achaia',
    zip_postcode: '26221',
    country: 'Greece',
  },
  createdAt: '2021-02-14T09:00:00.000Z',
  user: { ...orderFixture().user, firstName: 'Maria', lastName: 'Ioannou' },
  Reports: [orderReport({ uuid: 'aaaaaaaa-0000-4000-8000-000000000009', status: 'processing' })],
  numOfReport: 1,
});

function renderOrders(orders: OrderView[], role: 'admin' | 'b2b_admin' = 'admin', route = '/orders') {
  const api = mockApi({ 'GET /api/orders': () => ({ body: { data: orders } }) });
  const view = renderWithProviders(<OrdersScreen title="Orders" />, { route, user: userOf(role) });
  return { ...view, api };
}

describe('OrdersScreen', () => {
  it('lists each order with customer, final price, reports, status and date', async () => {
    renderOrders([orderFixture(), second]);
    const rows = await screen.findAllByTestId('order-row');
    expect(rows.map((row) => row.dataset.uuid)).toEqual([orderFixture().uuid, second.uuid]);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByTestId('order-row-customer').textContent).toBe('Nikos Georgiou');
    expect(first.getByTestId('order-row-price').textContent).toBe('€942.84');
    expect(first.getByTestId('order-row-reports').textContent).toBe('3 reports');
    expect(first.getByTestId('order-status-label').textContent).toBe('Pending Confirmation');
    expect(rows[0]?.textContent).toContain('Jan 5, 2021');
    expect(within(rows[1] as HTMLElement).getByTestId('order-status-label').textContent).toBe('Complete');
    expect(within(rows[1] as HTMLElement).getByTestId('order-row-reports').textContent).toBe('1 report');
  });

  it('writes the date with the Greek month in Greek', async () => {
    const api = mockApi({ 'GET /api/orders': () => ({ body: { data: [orderFixture()] } }) });
    renderWithProviders(<OrdersScreen title="Παραγγελίες" />, {
      route: '/orders',
      lang: 'el',
      user: userOf('admin', { lang: 'el' }),
    });
    const row = await screen.findByTestId('order-row');
    expect(row.textContent).toContain('5 Ιαν 2021');
    expect(within(row).getByTestId('order-status-label').textContent).toBe('Εκκρεμεί επιβεβαίωση');
    expect(api.calls).toHaveLength(1);
  });

  it('names the billing address country in Greek in Greek', async () => {
    mockApi({ 'GET /api/orders': () => ({ body: { data: [second] } }) });
    renderWithProviders(<OrdersScreen title="Παραγγελίες" />, {
      route: '/orders',
      lang: 'el',
      user: userOf('admin', { lang: 'el' }),
    });
    const detail = await screen.findByTestId('order-detail');
    expect(within(detail).getByTestId('order-billing-address-country').textContent).toBe('Ελλάδα');
  });

  it('makes the first order active and shows its detail: discount, VAT, coupon, invoice, reports by field', async () => {
    renderOrders([orderFixture(), second]);
    const detail = await screen.findByTestId('order-detail');
    expect(detail.dataset.uuid).toBe(orderFixture().uuid);
    expect(screen.getAllByTestId('order-row')[0]?.dataset.active).toBe('true');
    const d = within(detail);
    expect(d.getByTestId('order-info-total').textContent).toBe('€1,047.60');
    expect(d.getByTestId('order-info-discount').textContent).toBe('€104.76');
    expect(d.getByTestId('order-info-coupon').textContent).toBe('SPRING10 (10%)');
    expect(d.getByTestId('order-info-finalPrice').textContent).toBe('€942.84');
    expect(d.getByTestId('order-info-vat').textContent).toBe('€226.28');
    expect(d.getByTestId('order-info-transactionType').textContent).toBe('Invoice');
    expect(d.getByTestId('order-invoice-info-vatId').textContent).toBe('EL123456789');
    expect(d.queryByTestId('order-billing-address')).toBeNull();
    expect(d.getByTestId('order-customer-info-email').textContent).toBe('nikos@example.com');
    const groups = d.getAllByTestId('order-report-group');
    expect(groups.map((g) => within(g).getByTestId('order-report-group-title').textContent)).toEqual([
      'North Vineyard',
      'Hill Plot',
    ]);
    expect(within(groups[0] as HTMLElement).getAllByTestId('order-report-row')).toHaveLength(2);
    expect(d.queryByTestId('order-reports-empty')).toBeNull();
    // On a phone each table scrolls inside the card; the keyboard reaches it (axe: scrollable region).
    const region = within(groups[0] as HTMLElement).getByTestId('order-reports-scroll');
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.getAttribute('role')).toBe('region');
    expect(region.getAttribute('aria-label')).toMatch(/^Reports of /);
    expect(d.queryByTestId('order-fields-deleted')).toBeNull();
  });

  it('shows the billing address of a receipt and the chosen order from the URL', async () => {
    renderOrders([orderFixture(), second], 'admin', `/orders?order=${second.uuid}`);
    const detail = await screen.findByTestId('order-detail');
    expect(detail.dataset.uuid).toBe(second.uuid);
    const d = within(detail);
    expect(d.getByTestId('order-billing-address-line_1').textContent).toBe('Odos 5');
    expect(d.getByTestId('order-billing-address-city').textContent).toBe('Patra');
    expect(d.getByTestId('order-billing-address-country').textContent).toBe('Greece');
    expect(d.getByTestId('order-info-discount').textContent).toBe('€0.00');
    expect(d.getByTestId('order-info-coupon').textContent).toBe('None');
  });

  it('says "No order selected" when the chosen order is not in the list', async () => {
    renderOrders([orderFixture()], 'admin', '/orders?order=bbbbbbbb-0000-4000-8000-000000000999');
    expect(await screen.findByTestId('order-none-selected')).toHaveProperty(
      'textContent',
      'No order selected',
    );
    expect(screen.queryByTestId('order-detail')).toBeNull();
  });

  it('shows the empty notes for an order without reports and for deleted fields', async () => {
    const noReports = orderFixture({ Reports: [], numOfReport: 0 });
    const deleted = orderFixture({
      uuid: 'bbbbbbbb-0000-4000-8000-000000000010',
      Reports: [orderReport({ fieldId: null, Fields: null, fieldTitle: 'Old Plot', fieldArea: 20_000 })],
      numOfReport: 1,
    });
    const { unmount } = renderOrders([noReports]);
    expect((await screen.findByTestId('order-reports-empty')).textContent).toBe('No Reports in this order');
    unmount();

    renderOrders([deleted]);
    expect((await screen.findByTestId('order-fields-deleted')).textContent).toBe(
      'Fields related to this order have been deleted',
    );
    expect(screen.getByTestId('order-report-group-title').textContent).toBe('Old Plot');
  });

  it('says "No orders yet" when there are none', async () => {
    renderOrders([]);
    expect((await screen.findByTestId('orders-empty')).textContent).toContain('No orders yet');
  });

  it('offers the status dropdown only to those who may update orders', async () => {
    renderOrders([orderFixture()], 'b2b_admin', '/profile/orders');
    await screen.findByTestId('order-detail');
    expect(screen.queryByTestId('order-status-select')).toBeNull();
    expect(screen.getByTestId('order-pdf')).toBeTruthy();
  });
});

describe('changing an order status', () => {
  it('shows the selected status, updates it, reloads the list and keeps the selection', async () => {
    const user = userEvent.setup();
    let current: OrderView[] = [orderFixture(), second];
    const api = mockApi({
      'GET /api/orders': () => ({ body: { data: current } }),
      'PUT /api/orders': ({ body }) => {
        const { orderUuid, status } = body as { orderUuid: string; status: 'complete' };
        current = current.map((order) => (order.uuid === orderUuid ? { ...order, status } : order));
        return { body: { msg: 'Order Status updated Successfully.' } };
      },
    });
    renderWithProviders(<OrdersScreen title="Orders" />, {
      route: `/orders?order=${second.uuid}`,
      user: userOf('admin'),
    });

    // Choose the first order in the list.
    const rows = await screen.findAllByTestId('order-row');
    await user.click(rows[0] as HTMLElement);
    const detail = await screen.findByTestId('order-detail');
    expect(detail.dataset.uuid).toBe(orderFixture().uuid);

    expect(screen.queryByTestId('order-selected-status')).toBeNull();
    await user.click(screen.getByTestId('order-status-select'));
    await user.click(await screen.findByRole('option', { name: 'Complete' }));
    const selected = screen.getByTestId('order-selected-status');
    expect(selected.textContent).toContain('Selected Status');
    expect(selected.textContent).toContain('Complete');

    await user.click(screen.getByTestId('order-status-update'));
    expect(await screen.findByText('Order Status updated Successfully.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/orders', body: { orderUuid: orderFixture().uuid, status: 'complete' } },
    ]);
    await waitFor(() =>
      expect(within(screen.getByTestId('order-info')).getByTestId('order-status-label').dataset.status).toBe(
        'complete',
      ),
    );
    expect(api.calls.filter((call) => call.path === '/api/orders' && call.method === 'GET')).toHaveLength(2);
    expect(screen.getByTestId('order-detail').dataset.uuid).toBe(orderFixture().uuid);
    expect(screen.queryByTestId('order-selected-status')).toBeNull();
    expect(screen.getByTestId('order-status-select').textContent).toBe('Complete');
  });

  it('cancels a chosen status without a request', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/orders': () => ({ body: { data: [orderFixture()] } }) });
    renderWithProviders(<OrdersScreen title="Orders" />, {
      route: '/orders',
      user: userOf('financial_admin'),
    });

    await user.click(await screen.findByTestId('order-status-select'));
    await user.click(await screen.findByRole('option', { name: 'Complete' }));
    await user.click(screen.getByTestId('order-status-cancel'));
    expect(screen.queryByTestId('order-selected-status')).toBeNull();
    expect(screen.getByTestId('order-status-select').textContent).toBe('Pending Confirmation');
    expect(api.calls.every((call) => call.method === 'GET')).toBe(true);
  });
});
