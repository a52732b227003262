import type { CartView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type Authorization, useAuthorization } from '../../../lib/authorization.ts';

/**
 * The cart is `GET /fields?type=cart`, so its key sits under the fields key: whatever refreshes the
 * fields (a field edited or deleted, a package added) refreshes the cart too.
 */
export const CART_QUERY_KEY = ['fields', 'cart'] as const;
/** Invalidating this prefix refreshes the cart and every fields query (their Reports change with it). */
export const CART_AND_FIELDS_KEY = ['fields'] as const;

export const getCart = () => api.get<CartView>('/fields?type=cart');

export const cartQueryOptions = queryOptions({ queryKey: CART_QUERY_KEY, queryFn: getCart });

/** The caller's cart; only fetched for users who may read it (spec section 6: customers' cart). */
export function useCart() {
  const authorization = useAuthorization();
  return useQuery({ ...cartQueryOptions, enabled: authorization.can('read', 'Cart') });
}

/** Buying takes both: create Report and read Cart (staff may hold the first and still not buy). */
export const canBuy = (authorization: Authorization) =>
  authorization.can('create', 'Report') && authorization.can('read', 'Cart');
