import { AgroRequestError } from './types.ts';

/**
 * GET/POST a provider's JSON with a deadline. Every failure becomes an `AgroRequestError` with its
 * kind (timeout, network, 401/403 unauthorized, 429 rate limited, other status, malformed JSON), and
 * the URL in messages has its key removed so logs never carry it.
 */
export async function fetchJson(
  url: URL,
  options: { timeoutMs: number; method?: 'GET' | 'POST'; body?: unknown },
): Promise<unknown> {
  const shown = new URL(url);
  for (const key of ['appid', 'apikey']) if (shown.searchParams.has(key)) shown.searchParams.set(key, '…');
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new AgroRequestError('timeout', `no answer within ${options.timeoutMs} ms from ${shown}`);
    }
    throw new AgroRequestError('network', `${shown}: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  if (response.status === 401 || response.status === 403) {
    throw new AgroRequestError(
      'unauthorized',
      `${shown} refused the key (${response.status})`,
      response.status,
    );
  }
  if (response.status === 429)
    throw new AgroRequestError('rate_limited', `${shown} is rate limiting us`, 429);
  if (!response.ok) {
    throw new AgroRequestError(
      'http',
      `${shown} answered ${response.status}: ${text.slice(0, 200)}`,
      response.status,
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AgroRequestError('bad_response', `${shown} answered malformed JSON`);
  }
}

/** Reads a finite number from a provider's answer, or fails as a bad response. */
export function numberAt(value: unknown, what: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new AgroRequestError('bad_response', `missing or invalid ${what}`);
}

/** Walks into a provider's JSON answer by keys (array indexes as numbers); undefined when absent. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
