import type { FastifyInstance, InjectOptions } from 'fastify';

const TUS = { 'tus-resumable': '1.0.0' };

const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/**
 * A signed-in user talking to the API in-process (`app.inject`), as the web app does: the demo's
 * photos go through the same routes, permission checks and services as a browser upload.
 */
export async function apiSession(app: FastifyInstance, email: string, password: string) {
  let cookie = '';
  async function request(method: InjectOptions['method'], url: string, options: Partial<InjectOptions> = {}) {
    const response = await app.inject({
      method,
      url,
      ...options,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie, ...(options.headers ?? {}) },
    } as InjectOptions);
    const session = response.cookies.find((c) => c.name.endsWith('ampelos_session'));
    if (session?.value) cookie = `${session.name}=${session.value}`;
    return response;
  }
  const expect = (response: { statusCode: number; body: string }, status: number, what: string) => {
    if (response.statusCode !== status)
      throw new Error(`${what}: HTTP ${response.statusCode} ${response.body}`);
  };

  expect(
    await request('POST', '/api/user/login', { payload: { email, password } }),
    200,
    `sign-in of ${email}`,
  );
  return {
    /** A JSON request through the API (the route's schema, permission check and service). */
    async send(method: 'POST' | 'PUT', url: string, payload: object, status = 200) {
      const response = await request(method, url, { payload });
      expect(response, status, `${method} ${url}`);
      return response.json() as { data?: unknown };
    },
    /** A whole file through tus: create, then one PATCH. */
    async upload(reportUuid: string, filename: string, body: Buffer) {
      const created = await request('POST', '/api/uploads', {
        headers: {
          ...TUS,
          'upload-metadata': tusMetadata({ filename, reportUuid }),
          'upload-length': String(body.length),
        },
      });
      expect(created, 201, `upload of ${filename}`);
      const sent = await request('PATCH', created.headers.location as string, {
        payload: body,
        headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      });
      expect(sent, 204, `upload of ${filename}`);
    },
    async submit(reportUuid: string) {
      expect(await request('POST', `/api/reports/${reportUuid}/data/submit`), 202, 'submitting the dataset');
    },
  };
}
