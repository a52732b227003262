import type { CompanyView, InvoiceDetailsUpdateInput } from '@ampelos/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { COMPANY_QUERY_KEY } from '../../../lib/company.ts';

/** `PUT /api/company/update/invoice`. A 400 gets the form's own "Please verify the data" and field messages. */
export const updateInvoiceDetails = (input: InvoiceDetailsUpdateInput) =>
  api.put<{ data: CompanyView; msg?: string }>('/company/update/invoice', input, { handledStatuses: [400] });

export function useUpdateInvoiceDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoiceDetails,
    onSuccess: ({ data }) => queryClient.setQueryData(COMPANY_QUERY_KEY, data),
    // Spec section 4: after the save, success or not, the company is fetched again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: COMPANY_QUERY_KEY }),
  });
}
