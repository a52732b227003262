import { errorMessagesFor } from './api-errors.ts';
import { translateMessage } from './i18n.ts';
import { notifyError } from './notify.ts';
import { queryClient, USER_QUERY_KEY } from './react-query.ts';

/** The file name of a `Content-Disposition` header (`filename*=UTF-8''…` first), or null. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

/** Saves a blob under a name through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface DownloadRequest {
  method: 'GET' | 'POST';
  /** Path under `/api`. */
  path: string;
  body?: unknown;
  accept: string;
  /** Used when the answer names no file. */
  fallbackName: string;
}

/**
 * A file answer (KML, PDF), not JSON: fetched with the API client's headers and saved under the name
 * the server gives; failures are shown like every other call.
 */
export async function downloadFile({ method, path, body, accept, fallbackName }: DownloadRequest) {
  const headers: Record<string, string> = {
    Accept: `${accept}, application/json`,
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    for (const message of errorMessagesFor(0, null)) notifyError(translateMessage(message));
    throw new Error('network');
  }
  if (!response.ok) {
    if (response.status === 401) queryClient.setQueryData(USER_QUERY_KEY, null);
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {}
    for (const message of errorMessagesFor(response.status, parsed)) notifyError(translateMessage(message));
    throw new Error(`status ${response.status}`);
  }
  const blob = await response.blob();
  saveBlob(blob, fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName);
}
