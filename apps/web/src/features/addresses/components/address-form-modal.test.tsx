// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { AddressFormModal } from './address-form-modal.tsx';

const saved = {
  id: 7,
  city: 'Nemea',
  country: 'Greece',
  state: 'Corinthia',
  zip_postcode: '20500',
  line_1: '12 Vineyard Road',
  line_2: null,
  line_3: null,
  isBilling: true,
  isShipping: false,
};

const countrySelect = () => screen.getByTestId('address-country') as HTMLSelectElement;
const option = (value: string) =>
  Array.from(countrySelect().options).find((one) => one.value === value) as HTMLOptionElement;

describe('the address form in Greek', () => {
  it('names the countries in Greek, in Greek order, and stores the English name', async () => {
    const api = mockApi({
      'POST /api/user/address': () => ({ status: 201, body: { address: saved, msg: 'ok' } }),
    });
    renderWithProviders(<AddressFormModal opened onClose={() => {}} address={null} />, {
      user: userOf('b2b_admin'),
      lang: 'el',
    });
    expect(option('Greece').textContent).toBe('Ελλάδα');
    expect(option('Germany').textContent).toBe('Γερμανία');
    const labels = Array.from(countrySelect().options)
      .slice(1)
      .map((one) => one.textContent ?? '');
    expect(labels).toEqual([...labels].sort(new Intl.Collator('el').compare));

    fireEvent.change(screen.getByTestId('address-city'), { target: { value: 'Nemea' } });
    fireEvent.change(countrySelect(), { target: { value: 'Greece' } });
    fireEvent.change(screen.getByTestId('address-state'), { target: { value: 'Corinthia' } });
    fireEvent.change(screen.getByTestId('address-zip'), { target: { value: '20500' } });
    fireEvent.change(screen.getByTestId('address-line-1'), { target: { value: '12 Vineyard Road' } });
    fireEvent.click(screen.getByTestId('address-save'));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ country: 'Greece' });
  });

  it('keeps a country outside the list first, as written', () => {
    mockApi({});
    renderWithProviders(
      <AddressFormModal opened onClose={() => {}} address={{ ...saved, country: 'Atlantis' }} />,
      { user: userOf('b2b_admin'), lang: 'el' },
    );
    expect(countrySelect().options[1]?.value).toBe('Atlantis');
    expect(countrySelect().value).toBe('Atlantis');
  });
});
