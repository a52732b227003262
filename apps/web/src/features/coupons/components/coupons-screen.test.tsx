// @vitest-environment jsdom
import type { AdminCouponView } from '@ampelos/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { CouponsScreen } from './coupons-screen.tsx';

const coupon = (overrides: Partial<AdminCouponView> = {}): AdminCouponView => ({
  id: 1,
  code: 'SPRING10',
  discountPercent: 10,
  details: { minTotalHectares: null },
  waivesE2eMinimum: false,
  validFrom: '2024-03-01T00:00:00.000Z',
  validTo: '2024-05-31T23:59:59.999Z',
  active: true,
  createdAt: '2024-02-01T10:00:00.000Z',
  ...overrides,
});

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('CouponsScreen', () => {
  it('lists each coupon with its discount, minimum, waiver, validity window and state', async () => {
    mockApi({
      'GET /api/coupons': () => ({
        body: {
          data: [
            coupon(),
            coupon({
              id: 2,
              code: 'BIGFARM',
              details: { minTotalHectares: 20 },
              waivesE2eMinimum: true,
              validFrom: null,
              validTo: null,
              active: false,
            }),
          ],
        },
      }),
    });
    renderWithProviders(<CouponsScreen />, { user: userOf('admin') });
    const rows = await screen.findAllByTestId('coupon-row');
    expect(rows.map((row) => row.dataset.code)).toEqual(['SPRING10', 'BIGFARM']);
    expect(rows[0]?.textContent).toContain('10%');
    expect(rows[0]?.textContent).toContain('Mar 1, 2024 – May 31, 2024');
    expect(rows[1]?.textContent).toContain('20 ha');
    expect(rows[1]?.textContent).toContain('Always');
    expect(within(rows[1] as HTMLElement).getByTestId('coupon-active').textContent).toBe('Inactive');
    expect(within(rows[1] as HTMLElement).queryByTestId('coupon-deactivate')).toBeNull();
  });

  it('checks the form with the domain rules before sending', async () => {
    const api = mockApi({ 'GET /api/coupons': () => ({ body: { data: [] } }) });
    renderWithProviders(<CouponsScreen />, { user: userOf('admin') });
    expect(await screen.findByTestId('coupons-empty')).toBeTruthy();
    type('coupon-create-code', 'bad code!');
    type('coupon-create-valid-from', '2024-06-10');
    type('coupon-create-valid-to', '2024-06-01');
    fireEvent.click(screen.getByTestId('coupon-create-submit'));
    expect(await screen.findByText('Letters, digits, - and _ only')).toBeTruthy();
    expect(screen.getByText('Enter a percent between 0 and 100')).toBeTruthy();
    expect(screen.getByText('The end date must not be before the start date')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates a coupon with whole UTC days and shows a taken code on the code input', async () => {
    const user = userEvent.setup();
    let taken = false;
    const api = mockApi({
      'GET /api/coupons': () => ({ body: { data: [] } }),
      'POST /api/coupons': () =>
        taken
          ? { status: 409, body: { errors: [{ msg: 'A coupon with this code already exists' }] } }
          : { status: 201, body: { data: coupon({ code: 'VIP-5' }) } },
    });
    renderWithProviders(<CouponsScreen />, { user: userOf('admin') });
    await screen.findByTestId('coupons-empty');
    await user.type(screen.getByTestId('coupon-create-code'), 'vip-5');
    await user.type(screen.getByTestId('coupon-create-percent'), '5');
    await user.type(screen.getByTestId('coupon-create-min-hectares'), '12.5');
    type('coupon-create-valid-from', '2024-06-01');
    type('coupon-create-valid-to', '2024-06-30');
    await user.click(screen.getByTestId('coupon-create-waiver'));
    await user.click(screen.getByTestId('coupon-create-submit'));

    expect(await screen.findByText('Coupon VIP-5 created.')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      code: 'VIP-5',
      discountPercent: 5,
      minTotalHectares: 12.5,
      waivesE2eMinimum: true,
      validFrom: '2024-06-01T00:00:00.000Z',
      validTo: '2024-06-30T23:59:59.999Z',
    });
    await waitFor(() =>
      expect((screen.getByTestId('coupon-create-code') as HTMLInputElement).value).toBe(''),
    );

    taken = true;
    await user.type(screen.getByTestId('coupon-create-code'), 'VIP-5');
    await user.type(screen.getByTestId('coupon-create-percent'), '5');
    await user.click(screen.getByTestId('coupon-create-submit'));
    expect(await screen.findByText('A coupon with this code already exists')).toBeTruthy();
  });

  it('deactivates a coupon only after the confirmation', async () => {
    const user = userEvent.setup();
    let active = true;
    const api = mockApi({
      'GET /api/coupons': () => ({ body: { data: [coupon({ active })] } }),
      'PUT /api/coupons/SPRING10/deactivate': () => {
        active = false;
        return { body: { data: coupon({ active: false }), msg: 'Coupon deactivated' } };
      },
    });
    renderWithProviders(<CouponsScreen />, { user: userOf('financial_admin') });
    await user.click(await screen.findByTestId('coupon-deactivate'));
    expect(await screen.findByText('Deactivate the coupon SPRING10?')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.click(screen.getByTestId('coupon-deactivate-confirm'));
    expect(await screen.findByText('Coupon SPRING10 deactivated.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('coupon-row').dataset.active).toBe('false'));
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });
});
