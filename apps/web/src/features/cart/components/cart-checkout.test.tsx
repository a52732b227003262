// @vitest-environment jsdom
import { type CartView, type FieldView, priceBreakdown, type UserView } from '@ampelos/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { CartCheckout } from './cart-checkout.tsx';

const CUSTOMER = ['Fields:read', 'Report:create', 'Report:read', 'Cart:read', 'UserOrders:read'];

function user(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000001',
    firstName: 'Maria',
    lastName: 'Papadaki',
    email: 'maria@example.com',
    mobile: '6912345678',
    location: null,
    role: 'b2c_admin',
    lang: 'en',
    avatar: null,
    emailVerified: true,
    marketingOptIn: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    permissions: CUSTOMER as UserView['permissions'],
    ...overrides,
  };
}

interface Group {
  fieldId: number;
  service: 'e2e' | 'manual';
  shoots: number;
  hectares: number;
  price: number;
}

/** A cart as the server answers it: groups, distinct hectares and the server's totals. */
function cart(groups: Group[]): CartView {
  const hectaresByField = new Map(groups.map((g) => [g.fieldId, g.hectares]));
  return {
    data: [...hectaresByField.keys()].map((id) => ({ id, Reports: [] }) as unknown as FieldView),
    shootData: [],
    cartItems: groups.map((g) => ({
      ...g,
      fieldUuid: `uuid-${g.fieldId}`,
      title: `Field ${g.fieldId}`,
      reports: [],
    })),
    totalHectares: [...hectaresByField.values()].reduce((a, b) => a + b, 0),
    hasE2e: groups.some((g) => g.service === 'e2e'),
    totals: priceBreakdown(groups.reduce((sum, g) => sum + g.price, 0)),
  };
}

const BIG_CART = cart([
  { fieldId: 1, service: 'e2e', shoots: 5, hectares: 20, price: 8_000 },
  { fieldId: 2, service: 'manual', shoots: 6, hectares: 15, price: 4_200 },
]);

function renderCheckout() {
  return renderWithProviders(
    <CartCheckout
      renderBillingAddressPicker={({ value, onChange }) => (
        <button type="button" data-testid="pick-address" data-value={value ?? ''} onClick={() => onChange(7)}>
          pick
        </button>
      )}
      renderInvoiceDetailsForm={() => <div data-testid="invoice-form-slot" />}
    />,
    { route: '/cart' },
  );
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('cart price summary', () => {
  it("shows the server's totals and the coupon taken off the discounted price", async () => {
    mockApi({
      'GET /api/user': () => ({ body: user() }),
      'GET /api/fields?type=cart': () => ({ body: BIG_CART }),
      'GET /api/coupon/code/SPRING10': () => ({
        body: {
          code: 'SPRING10',
          discountPercent: 10,
          details: { minTotalHectares: null },
          waivesE2eMinimum: false,
        },
      }),
    });
    renderCheckout();

    expect(await screen.findAllByTestId('cart-item')).toHaveLength(2);
    // 12,200 € → 0 % of 5,000, 3 % of 5,000 (150), 5 % of 2,200 (110): 260 € off.
    expect(text('cart-original-price')).toBe('€12,200.00');
    expect(text('cart-volume-discount')).toBe('-€260.00');
    expect(screen.getByText('Volume discount (2.13%)')).toBeTruthy();
    expect(text('cart-final-price')).toBe('€11,940.00');
    expect(text('cart-vat')).toBe('€2,865.60');

    await userEvent.type(screen.getByTestId('cart-coupon-input'), 'SPRING10');
    await userEvent.click(screen.getByTestId('cart-coupon-apply'));
    await screen.findByTestId('cart-coupon-discount');
    expect(text('cart-coupon-discount')).toBe('-€1,194.00');
    expect(text('cart-final-price')).toBe('€10,746.00');
    expect(text('cart-vat')).toBe('€2,579.04');
  });

  it("shows the server's refusal of a coupon as a danger alert", async () => {
    mockApi({
      'GET /api/user': () => ({ body: user() }),
      'GET /api/fields?type=cart': () => ({ body: BIG_CART }),
      'GET /api/coupon/code/BIGFARM': () => ({
        status: 400,
        body: { errors: [{ msg: 'Total number of hectares in cart below the limit of coupon' }] },
      }),
    });
    renderCheckout();
    await userEvent.type(await screen.findByTestId('cart-coupon-input'), 'BIGFARM');
    await userEvent.click(screen.getByTestId('cart-coupon-apply'));
    expect((await screen.findByTestId('cart-coupon-error')).textContent).toBe(
      'Total number of hectares in cart below the limit of coupon',
    );
    expect(text('cart-final-price')).toBe('€11,940.00');
  });
});

describe('E2E minimum', () => {
  const SMALL_E2E = cart([{ fieldId: 1, service: 'e2e', shoots: 3, hectares: 3.5, price: 700 }]);

  it('disables Proceed under 5 hectares with the message and the hectares missing', async () => {
    mockApi({
      'GET /api/user': () => ({ body: user() }),
      'GET /api/fields?type=cart': () => ({ body: SMALL_E2E }),
    });
    renderCheckout();
    const alert = await screen.findByTestId('cart-e2e-minimum');
    expect(alert.textContent).toContain('You need at least 5 hectares to proceed in case of E2E reports');
    expect(text('cart-e2e-remaining')).toContain('1.50 ha remaining');
    expect(screen.getByTestId('cart-proceed').hasAttribute('disabled')).toBe(true);
  });

  it('lets a coupon that waives the minimum through, after the photo-shoot dates are confirmed', async () => {
    mockApi({
      'GET /api/user': () => ({ body: user() }),
      'GET /api/fields?type=cart': () => ({ body: SMALL_E2E }),
      'GET /api/coupon/code/SMALLFARM': () => ({
        body: {
          code: 'SMALLFARM',
          discountPercent: 0,
          details: { minTotalHectares: null },
          waivesE2eMinimum: true,
        },
      }),
    });
    renderCheckout();
    await userEvent.type(await screen.findByTestId('cart-coupon-input'), 'SMALLFARM');
    await userEvent.click(screen.getByTestId('cart-coupon-apply'));
    await waitFor(() => expect(screen.queryByTestId('cart-e2e-minimum')).toBeNull());
    await userEvent.click(screen.getByTestId('cart-proceed'));
    expect((await screen.findByTestId('cart-confirm-dates')).textContent).toContain('14 days');
    await userEvent.click(screen.getByTestId('cart-confirm-dates-confirm'));
    expect(await screen.findByTestId('pick-address')).toBeTruthy();
  });
});

describe('billing and payment', () => {
  const MANUAL_CART = cart([{ fieldId: 3, service: 'manual', shoots: 3, hectares: 2, price: 240 }]);

  it('keeps a b2c_admin without a mobile number from going to payment', async () => {
    mockApi({
      'GET /api/user': () => ({ body: user({ mobile: null }) }),
      'GET /api/fields?type=cart': () => ({ body: MANUAL_CART }),
    });
    renderCheckout();
    await userEvent.click(await screen.findByTestId('cart-proceed'));
    await userEvent.click(await screen.findByTestId('pick-address'));
    const alert = screen.getByTestId('checkout-mobile-required');
    expect(alert.textContent).toContain('Please provide us your mobile number to proceed.');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/profile/');
    expect(screen.getByTestId('checkout-next').hasAttribute('disabled')).toBe(true);
  });

  it('places one order with one idempotency key, then shows its number', async () => {
    const { calls } = mockApi({
      'GET /api/user': () => ({ body: user() }),
      'GET /api/fields?type=cart': () => ({ body: MANUAL_CART }),
      'GET /api/config/public': () => ({
        body: {
          paymentMethods: {
            accountHolder: 'Ampelos',
            bankName: 'Bank',
            iban: 'GR00',
            bic: 'BIC',
            salesEmail: 'sales@example.com',
          },
          recaptchaSiteKey: null,
        },
      }),
      'POST /api/orders/create': () => ({ status: 201, body: { data: { id: 42, finalPrice: 240 } } }),
    });
    const keys: (string | null)[] = [];
    const answer = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (String(input) === '/api/orders/create')
        keys.push(new Headers(init?.headers).get('Idempotency-Key'));
      return answer(input, init);
    };
    renderCheckout();
    await userEvent.click(await screen.findByTestId('cart-proceed'));
    expect(screen.getByTestId('checkout-next').hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByTestId('pick-address'));
    await userEvent.click(screen.getByTestId('checkout-next'));
    expect(await screen.findByTestId('checkout-iban')).toBeTruthy();
    await userEvent.dblClick(screen.getByTestId('place-order'));

    expect((await screen.findByTestId('order-success-number')).textContent).toContain('#42');
    const orders = calls.filter((call) => call.path === '/api/orders/create');
    expect(orders.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(1);
    expect(orders[0]?.body).toEqual({
      cartItems: [{ fieldId: 3, service: 'manual' }],
      billingAddress: 7,
      transactionType: 0,
      paymentMethod: 'wire_transfer',
      couponCode: null,
      paymentDetails: null,
    });
  });

  it.each([
    ['b2c_admin', false],
    ['admin', true],
  ] as const)(
    'without bank details, %s cannot place the order and is told why',
    async (role, seesSettings) => {
      const { calls } = mockApi({
        'GET /api/user': () => ({ body: user({ role }) }),
        'GET /api/fields?type=cart': () => ({ body: MANUAL_CART }),
        'GET /api/config/public': () => ({
          body: {
            paymentMethods: {
              accountHolder: 'Ampelos',
              bankName: null,
              iban: null,
              bic: null,
              salesEmail: 'sales@example.com',
              wireTransfer: false,
            },
            recaptchaSiteKey: null,
          },
        }),
      });
      renderCheckout();
      await userEvent.click(await screen.findByTestId('cart-proceed'));
      await userEvent.click(screen.getByTestId('pick-address'));
      await userEvent.click(screen.getByTestId('checkout-next'));
      const notice = await screen.findByTestId('wire-transfer-unavailable');
      expect(notice.textContent).toContain('Payment by wire transfer is not available yet');
      expect(within(notice).getByRole('link').getAttribute('href')).toBe('mailto:sales@example.com');
      expect(notice.textContent?.includes('BANK_IBAN')).toBe(seesSettings);
      expect(screen.queryByTestId('checkout-iban')).toBeNull();
      expect(screen.getByTestId('place-order').hasAttribute('disabled')).toBe(true);
      expect(calls.some((call) => call.path === '/api/orders/create')).toBe(false);
    },
  );
});
