import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download.ts';

/**
 * `GET /api/orders/{uuid}/pdf` answers a PDF, not JSON: saved under the name the server gives in
 * Content-Disposition (else `order-<id>.pdf`), failures shown like every other call.
 */
export function downloadOrderPdf({ uuid, id }: { uuid: string; id: number }) {
  return downloadFile({
    method: 'GET',
    path: `/orders/${encodeURIComponent(uuid)}/pdf`,
    accept: 'application/pdf',
    fallbackName: `order-${id}.pdf`,
  });
}

export function useDownloadOrderPdf() {
  return useMutation({ mutationFn: downloadOrderPdf });
}
