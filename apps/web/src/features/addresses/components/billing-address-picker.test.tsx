// @vitest-environment jsdom
import type { AddressView } from '@ampelos/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { BillingAddressPicker } from './billing-address-picker.tsx';

const address = (id: number, isBilling: boolean): AddressView => ({
  id,
  city: 'Nafplio',
  country: 'Greece',
  state: 'Argolida',
  zip_postcode: '21100',
  line_1: `Vineyard road ${id}`,
  line_2: null,
  line_3: null,
  isBilling,
  isShipping: !isBilling,
});

function Picker() {
  const [value, setValue] = useState<number | null>(null);
  return (
    <>
      <BillingAddressPicker value={value} onChange={setValue} />
      <output data-testid="chosen">{value ?? 'none'}</output>
    </>
  );
}

describe('BillingAddressPicker', () => {
  it('starts on the first billing address and lets the user choose another', async () => {
    mockApi({
      'GET /api/user/address': () => ({ body: { Addresses: [address(4, false), address(5, true)] } }),
    });
    renderWithProviders(<Picker />);
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('5'));
    expect(screen.queryByTestId('billing-address-none')).toBeNull();
    await userEvent.click(screen.getByTestId('billing-address-4'));
    expect(screen.getByTestId('chosen').textContent).toBe('4');
  });

  it('says "No Address" when the user has none', async () => {
    mockApi({ 'GET /api/user/address': () => ({ body: { Addresses: [] } }) });
    renderWithProviders(<Picker />);
    expect((await screen.findByTestId('billing-address-none')).textContent).toBe('No Address');
    expect(screen.getByTestId('billing-address-add')).toBeTruthy();
  });
});
