// @vitest-environment jsdom
import type { CartView, FieldView, ReportView, UserView } from '@ampelos/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { ChooseServiceButton } from './choose-service-button.tsx';

// The screen fetches this dialog when first opened (React.lazy): load its module before the tests, so
// that they wait for the dialog and not for its first transform on a busy machine.
beforeAll(() => import('./package-chooser-modal.tsx'));

const CUSTOMER = {
  role: 'b2c_admin',
  lang: 'en',
  permissions: ['Fields:read', 'Report:create', 'Cart:read'],
};
const EMPTY_CART = {
  data: [],
  shootData: [],
  cartItems: [],
  totalHectares: 0,
  hasE2e: false,
} as unknown as CartView;

const field = (hectares: number, Reports: Partial<ReportView>[] = []) =>
  ({
    id: 9,
    uuid: '6f1c2f0e-4c59-4f7a-9a53-2a0d3b7a9c11',
    title: 'Nemea Hillside',
    area: hectares * 10_000,
    Reports,
  }) as FieldView;

function renderButton(target: FieldView, user: Partial<UserView> = CUSTOMER as Partial<UserView>) {
  const api = mockApi({
    'GET /api/user': () => ({ body: user }),
    'GET /api/fields?type=cart': () => ({ body: EMPTY_CART }),
    'POST /api/field/shoot/create': () => ({
      status: 201,
      body: { msg: 'Package successfully added to cart.' },
    }),
  });
  renderWithProviders(<ChooseServiceButton field={target} />);
  return api;
}

describe('Choose Service', () => {
  it('prices the chosen package from the rate table and adds it to the cart', async () => {
    const { calls } = renderButton(field(3.2));
    await userEvent.click(await screen.findByTestId('choose-service'));
    expect((await screen.findByTestId('package-price')).textContent).toBe('€640.00');
    await userEvent.click(screen.getByTestId('package-plan-premium'));
    expect(screen.getByTestId('package-rate').textContent).toBe('€400.00 / ha');
    expect(screen.getByTestId('package-price').textContent).toBe('€1,280.00');
    await userEvent.click(screen.getByTestId('package-service-manual'));
    expect(screen.getByTestId('package-price').textContent).toBe('€896.00');
    await userEvent.click(screen.getByTestId('package-add'));
    await screen.findByText('Package successfully added to cart.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      fieldUuid: '6f1c2f0e-4c59-4f7a-9a53-2a0d3b7a9c11',
      service: 'manual',
      shoots: 6,
    });
  });

  it('offers only Bring Your Own Images below the E2E field minimum, saying why', async () => {
    renderButton(field(0.12));
    await userEvent.click(await screen.findByTestId('choose-service'));
    expect((await screen.findByTestId('package-service-e2e')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('package-service-e2e-reason').textContent).toBe(
      'Available for fields of at least 0.2 ha',
    );
    expect(screen.getByTestId('package-price').textContent).toBe('€14.40');
  });

  it('is disabled with "Already added to cart" while the field has pending reports', async () => {
    renderButton(field(2, [{ uuid: 'r1', status: 'pending' }]));
    const button = await screen.findByTestId('choose-service');
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('title')).toBe('Already added to cart');
  });
});
