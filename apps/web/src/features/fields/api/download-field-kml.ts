import { useMutation } from '@tanstack/react-query';
import { errorMessagesFor } from '../../../lib/api-errors.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notifyError } from '../../../lib/notify.ts';
import { queryClient, USER_QUERY_KEY } from '../../../lib/react-query.ts';

/** A file name from a field title: characters no file system accepts are replaced. */
export function kmlFileName(title: string): string {
  const safe = [...title]
    .map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('')
    .trim();
  return `${safe || 'field'}.kml`;
}

/**
 * `POST /api/reports/download/kml` answers a KML document, not JSON: fetched here (the JSON client
 * cannot give a blob) with the same headers, and failures shown like every other call.
 */
export async function downloadFieldKml({ fieldId, title }: { fieldId: number; title: string }) {
  let response: Response;
  try {
    response = await fetch('/api/reports/download/kml', {
      method: 'POST',
      headers: {
        Accept: 'application/vnd.google-earth.kml+xml, application/json',
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      },
      credentials: 'same-origin',
      body: JSON.stringify({ fieldId }),
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
  link.download = kmlFileName(title);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadFieldKml() {
  return useMutation({ mutationFn: downloadFieldKml });
}
