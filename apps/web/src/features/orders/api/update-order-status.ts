import type { OrderStatus } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ORDERS_QUERY_KEY } from './get-orders.ts';

export interface OrderStatusUpdate {
  orderUuid: string;
  status: OrderStatus;
}

/** `PUT /api/orders` (AdminOrders:update). A failure shows the server's message as an alert. */
export const updateOrderStatus = (input: OrderStatusUpdate) => api.put<{ msg: string }>('/orders', input);

export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    // The list reloads; the selection lives in the URL, so it is kept.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
