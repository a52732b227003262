import type { FastifyInstance, InjectOptions } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD';

/** `app.inject` as the web client calls it: JSON, the CSRF header, the session cookie. */
export function client(app: FastifyInstance) {
  let cookie: string | undefined;
  async function request(method: Method, url: string, body?: unknown, options: Partial<InjectOptions> = {}) {
    const { headers, ...extra } = options;
    const response = await app.inject({
      method,
      url,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(cookie ? { cookie } : {}),
        ...(headers ?? {}),
      },
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
      ...extra,
    } as InjectOptions);
    const setCookie = response.cookies.find((c) => c.name.endsWith('ampelos_session'));
    if (setCookie) cookie = setCookie.value ? `${setCookie.name}=${setCookie.value}` : undefined;
    return response;
  }
  return {
    request,
    get: (url: string, extra?: Partial<InjectOptions>) => request('GET', url, undefined, extra),
    post: (url: string, body?: unknown, extra?: Partial<InjectOptions>) => request('POST', url, body, extra),
    put: (url: string, body?: unknown, extra?: Partial<InjectOptions>) => request('PUT', url, body, extra),
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
  };
}
export type Client = ReturnType<typeof client>;
