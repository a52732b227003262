import type { DetailedError } from 'tus-js-client';

export const UPLOADS_ENDPOINT = '/api/uploads';
/** The API's CSRF rule: state-changing requests carry X-Requested-With. */
export const TUS_HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
/** Parts of 64 MB: a dropped connection costs at most one part, and reverse proxies see bounded bodies. */
export const CHUNK_BYTES = 64 * 1024 * 1024;
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

export const uploadUrl = (uploadId: string) => `${UPLOADS_ENDPOINT}/${uploadId}`;

/** Same report + same file (name, type, size, date) → the stored upload URL to resume. */
export const fingerprintFor = (reportUuid: string, file: File) =>
  ['ampelos', reportUuid, file.name, file.type, file.size, file.lastModified].join(':');

/** The server's message of a failed tus request (`{ errors: [{ msg }] }`), else the error's own. */
export function tusErrorMessage(error: Error | DetailedError): string {
  const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
  if (body) {
    try {
      const parsed = JSON.parse(body) as { errors?: { msg?: string }[] };
      const msg = parsed.errors?.[0]?.msg;
      if (msg) return msg;
    } catch {
      return body.trim();
    }
  }
  return error.message;
}

/**
 * Network trouble and busy servers are retried; a refusal (4xx, e.g. 409 dataset closed) is not, nor
 * 507 (no disk space for it: the message says so at once instead of after a minute of retries).
 */
export function shouldRetry(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status === 423 || status === 429 || (status >= 500 && status !== 507);
}
