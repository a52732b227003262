// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render.tsx';
import { userOf } from '../../../test/users.ts';
import { HeaderCartButton } from './header-cart-button.tsx';

const cart = (items: number) => ({
  data: [],
  shootData: [],
  cartItems: Array.from({ length: items }, (_, i) => ({ fieldId: i, service: 'manual' })),
  totalHectares: 0,
  hasE2e: false,
});

describe('header cart (phones)', () => {
  it('links to the cart and shows its count', async () => {
    mockApi({ 'GET /api/fields?type=cart': () => ({ body: cart(2) }) });
    renderWithProviders(<HeaderCartButton />, { user: userOf('b2c_admin') });
    const link = await screen.findByRole('link', { name: '2 items in the cart' });
    expect(link.getAttribute('href')).toBe('/cart');
    expect(screen.getByTestId('header-cart-count').dataset.count).toBe('2');
  });

  it('reads "Cart" (Καλάθι) with an empty cart', async () => {
    mockApi({ 'GET /api/fields?type=cart': () => ({ body: cart(0) }) });
    renderWithProviders(<HeaderCartButton />, { lang: 'el', user: userOf('b2c_admin') });
    expect(await screen.findByRole('link', { name: 'Καλάθι' })).toBeTruthy();
  });
});
