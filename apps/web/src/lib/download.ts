import { api } from './api-client.ts';

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
 * A file answer (KML, PDF), not JSON: fetched through the API client (its headers, its failures) and
 * saved under the name the server gives.
 */
export async function downloadFile({ method, path, body, accept, fallbackName }: DownloadRequest) {
  const response = await api.response(method, path, accept, { body });
  const blob = await response.blob();
  saveBlob(blob, fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName);
}
