import type { OrderView } from '@ampelos/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/orders`: the caller's own orders, or every order for AdminOrders readers; newest first. */
export const ORDERS_QUERY_KEY = ['orders'] as const;

export const getOrders = () => api.get<{ data: OrderView[] }>('/orders').then((answer) => answer.data);

export const ordersQueryOptions = queryOptions({ queryKey: ORDERS_QUERY_KEY, queryFn: getOrders });

export function useOrders() {
  return useQuery(ordersQueryOptions);
}
