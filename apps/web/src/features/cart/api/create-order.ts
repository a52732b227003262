import type { InvoiceDetails, OrderView, PaymentMethod, Service } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { CART_AND_FIELDS_KEY } from './get-cart.ts';

const ORDERS_QUERY_KEY = ['orders'] as const;

/** Spec section 3 "Cart order payload"; totals are never sent: the server computes them. */
export interface OrderInput {
  cartItems: { fieldId: number; service: Service }[];
  /** Id of one of the caller's addresses (receipts). */
  billingAddress: number | null;
  /** 0 receipt, 1 invoice. */
  transactionType: 0 | 1;
  paymentMethod: PaymentMethod;
  couponCode: string | null;
  /** The company's invoice details (invoices). */
  paymentDetails: InvoiceDetails | null;
}

/**
 * `POST /orders/create`. The idempotency key is made once per checkout attempt, so a double click or a
 * retried request answers the one order it created. The form shows the refusal itself.
 */
export const createOrder = ({ input, idempotencyKey }: { input: OrderInput; idempotencyKey: string }) =>
  api.post<{ data: OrderView }>('/orders/create', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
    handledStatuses: [400, 403, 404, 409],
  });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => {
      // Not awaited: the checkout moves to its success step while the emptied cart loads.
      void queryClient.invalidateQueries({ queryKey: CART_AND_FIELDS_KEY });
      // The orders screens keep their list under ['orders']: the new order shows there at once.
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    },
  });
}
