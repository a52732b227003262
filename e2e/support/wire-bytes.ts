import type { Page, Request } from 'playwright-core';

/** One response as it came over the network. */
export interface WireResponse {
  url: string;
  /** Playwright's resource type ('script', 'stylesheet', 'document', …); worker scripts are 'other'. */
  type: string;
  status: number;
  /** The body's bytes as sent (compressed when Content-Encoding says so), without headers. */
  bodyBytes: number;
  encoding: string | null;
  cacheControl: string | null;
  /** Served from the browser's cache: nothing came over the network (`bodyBytes` is 0). */
  fromCache: boolean;
}

const isJavaScript = (response: WireResponse) =>
  response.type === 'script' || /\.m?js(\?|$)/.test(new URL(response.url).pathname);

/**
 * Records every finished request of `page`. `settle()` waits for the sizes still being read and
 * returns the list; `javaScript()` lists the JavaScript responses that came over the network (workers
 * included), `sumBytes` sums their bodies as sent.
 */
export function recordWire(page: Page) {
  const pending: Promise<WireResponse | null>[] = [];
  const read = async (request: Request): Promise<WireResponse | null> => {
    const response = await request.response();
    if (!response) return null;
    const sizes = await request.sizes();
    const headers = await response.allHeaders();
    // A dedicated worker's own script (MapLibre's) is reported with a body of 0 bytes: its network
    // events reach the worker's target, not the page's. Content-Length is then the body as sent.
    // A response from the browser's cache is reported with a negative body (nothing received, less
    // the headers): MapLibre's worker gets the chunk it shares with the page that way.
    const fromCache = sizes.responseBodySize < 0;
    const bodyBytes = fromCache ? 0 : sizes.responseBodySize || Number(headers['content-length'] ?? 0);
    return {
      url: request.url(),
      type: request.resourceType(),
      status: response.status(),
      bodyBytes,
      encoding: headers['content-encoding'] ?? null,
      cacheControl: headers['cache-control'] ?? null,
      fromCache,
    };
  };
  page.on('requestfinished', (request) => pending.push(read(request).catch(() => null)));
  return {
    async settle(): Promise<WireResponse[]> {
      const all = await Promise.all(pending);
      return all.filter((response): response is WireResponse => response !== null);
    },
    /** The JavaScript that came over the network (cache hits left out). */
    async javaScript(): Promise<WireResponse[]> {
      return (await this.settle()).filter((response) => isJavaScript(response) && !response.fromCache);
    },
  };
}

export const sumBytes = (responses: WireResponse[]) =>
  responses.reduce((total, response) => total + response.bodyBytes, 0);
