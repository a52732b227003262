import { useMutation } from '@tanstack/react-query';
import { errorMessagesFor } from '../../../lib/api-errors.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { queryClient, USER_QUERY_KEY } from '../../../lib/react-query.ts';

/** The name the server gives in Content-Disposition, else `order-<id>.pdf`. */
export function pdfFileName(contentDisposition: string | null, orderId: number): string {
  const star = contentDisposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {}
  }
  const plain = contentDisposition?.match(/filename="?([^";]+)"?/i)?.[1]?.trim();
  return plain || `order-${orderId}.pdf`;
}

/**
 * `GET /api/orders/{uuid}/pdf` answers a PDF, not JSON: fetched here (the JSON client cannot give a
 * blob) with the same headers, saved as a file, and failures shown like every other call.
 */
export async function downloadOrderPdf({ uuid, id }: { uuid: string; id: number }) {
  let response: Response;
  try {
    response = await fetch(`/api/orders/${encodeURIComponent(uuid)}/pdf`, {
      headers: { Accept: 'application/pdf, application/json', 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'same-origin',
    });
  } catch {
    for (const message of errorMessagesFor(0, null)) notifyError(translateMessage(message));
    throw new Error('network');
  }
  if (!response.ok) {
    if (response.status === 401) queryClient.setQueryData(USER_QUERY_KEY, null);
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {}
    for (const message of errorMessagesFor(response.status, body)) notifyError(translateMessage(message));
    throw new Error(`status ${response.status}`);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = pdfFileName(response.headers.get('Content-Disposition'), id);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadOrderPdf() {
  return useMutation({ mutationFn: downloadOrderPdf });
}
