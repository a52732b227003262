import { errorItemsFor } from './api-errors.ts';
import { translateAnswer } from './i18n.ts';
import { notifyError } from './notify.ts';
import { queryClient, USER_QUERY_KEY } from './react-query.ts';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Statuses the caller turns into its own message (no generic alert for them). */
  handledStatuses?: readonly number[];
  /** The GET /api/user probe and the login call: a 401 there is an answer, not a lost session. */
  keepAuthOn401?: boolean;
  /** No alert for any failure, network included: the caller shows its own empty state. */
  quiet?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key` on order creation). */
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly messages: string[],
  ) {
    super(messages[0] ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fail(status: number, body: unknown, options: RequestOptions): never {
  if (status === 401 && !options.keepAuthOn401) queryClient.setQueryData(USER_QUERY_KEY, null);
  if (status === 503 && (body as { maintenance?: unknown } | null)?.maintenance === true) {
    // Maintenance began meanwhile: the shell shows the maintenance page (no toast per request).
    void queryClient.invalidateQueries({ queryKey: ['config', 'public'] });
    throw new ApiError(status, body, []);
  }
  const messages = errorItemsFor(status, body).map(translateAnswer);
  if (!options.quiet && !options.handledStatuses?.includes(status)) {
    for (const message of messages) notifyError(message);
  }
  throw new ApiError(status, body, messages);
}

/**
 * The one fetch wrapper: `/api` prefix, same-origin cookies, the CSRF header; a failure is shown and
 * thrown the same way for every call. Answers the response itself for the caller to read.
 */
async function send(
  method: string,
  path: string,
  options: RequestOptions,
  accept: string,
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: accept,
    'X-Requested-With': 'XMLHttpRequest',
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return fail(0, null, options);
  }
  if (!response.ok) return fail(response.status, await parseBody(response), options);
  return response;
}

/** JSON both ways. */
async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options, 'application/json');
  return (await parseBody(response)) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /**
   * An answer that is not JSON (a file, an image, a text stream): `accept` names what the caller reads;
   * a JSON error answer is still shown and thrown like every other call's.
   */
  response: (method: 'GET' | 'POST', path: string, accept: string, options: RequestOptions = {}) =>
    send(method, path, options, `${accept}, application/json`),
};
