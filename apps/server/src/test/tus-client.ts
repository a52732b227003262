import type { Client } from './http.ts';

const TUS = { 'tus-resumable': '1.0.0' };

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** The tus protocol as tus-js-client speaks it, through `app.inject` with the caller's session. */
export function tusClient(http: Client) {
  return {
    create(reportUuid: string | undefined, filename: string, size: number | undefined) {
      const fields: Record<string, string> = { filename };
      if (reportUuid) fields.reportUuid = reportUuid;
      return http.post('/api/uploads', undefined, {
        headers: {
          ...TUS,
          'upload-metadata': metadata(fields),
          ...(size !== undefined ? { 'upload-length': String(size) } : { 'upload-defer-length': '1' }),
        },
      });
    },
    patch(location: string, offset: number, body: Buffer) {
      return http.request('PATCH', location, body, {
        headers: {
          ...TUS,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
      });
    },
    head(location: string) {
      return http.request('HEAD', location, undefined, { headers: TUS });
    },
    remove(location: string) {
      return http.request('DELETE', location, undefined, { headers: TUS });
    },
    /** Creates and sends the whole file; returns the upload URL. */
    async upload(reportUuid: string, filename: string, body: Buffer): Promise<string> {
      const created = await this.create(reportUuid, filename, body.length);
      if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
      const location = created.headers.location as string;
      const sent = await this.patch(location, 0, body);
      if (sent.statusCode !== 204) throw new Error(`patch: ${sent.statusCode} ${sent.body}`);
      return location;
    },
  };
}
