import { afterEach, describe, expect, it, vi } from 'vitest';

const shown: string[] = [];
vi.mock('./notify.ts', () => ({ notifyError: (message: string) => shown.push(message) }));

const { api, ApiError } = await import('./api-client.ts');
const { queryClient, USER_QUERY_KEY } = await import('./react-query.ts');

function answer(status: number, body: string, type = 'application/json') {
  return vi.fn(
    async () => new Response(status === 204 ? null : body, { status, headers: { 'content-type': type } }),
  );
}

describe('the API client for answers that are not JSON', () => {
  afterEach(() => {
    shown.length = 0;
    vi.unstubAllGlobals();
  });

  it('sends the CSRF header and the accepted types, and hands back the response to read', async () => {
    const fetchMock = answer(200, '<kml/>', 'application/vnd.google-earth.kml+xml');
    vi.stubGlobal('fetch', fetchMock);
    const response = await api.response(
      'POST',
      '/reports/download/kml',
      'application/vnd.google-earth.kml+xml',
      {
        body: { fieldId: 7 },
      },
    );
    expect(await response.text()).toBe('<kml/>');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/reports/download/kml');
    expect(init.headers).toMatchObject({
      Accept: 'application/vnd.google-earth.kml+xml, application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
    expect(init.body).toBe('{"fieldId":7}');
  });

  it('shows and throws a JSON refusal like every other call, and a 401 forgets the session', async () => {
    vi.stubGlobal('fetch', answer(409, JSON.stringify({ errors: [{ msg: 'A deploy is already running' }] })));
    await expect(api.response('GET', '/deploy/production', 'text/plain')).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual(['A deploy is already running']);
    queryClient.setQueryData(USER_QUERY_KEY, { id: 1 });
    vi.stubGlobal('fetch', answer(401, JSON.stringify({ message: 'Unauthorized' })));
    await expect(api.response('GET', '/deploy/production', 'text/plain')).rejects.toBeInstanceOf(ApiError);
    expect(queryClient.getQueryData(USER_QUERY_KEY)).toBeNull();
  });

  it('stays quiet when asked: the caller shows its own empty state', async () => {
    vi.stubGlobal('fetch', answer(500, JSON.stringify({ message: 'Boom' })));
    await expect(
      api.response('GET', '/agro/index-image', 'image/png', { quiet: true }),
    ).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await expect(
      api.response('GET', '/agro/index-image', 'image/png', { quiet: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual([]);
  });
});
