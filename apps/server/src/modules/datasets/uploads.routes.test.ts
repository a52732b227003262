import { DATASET_MAX_BYTES, DATASET_MESSAGES, MESSAGES, type ReportDataView } from '@ampelos/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createField, createManualReport, signedInClient } from '../../test/factories.ts';
import { type Client, client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { tusClient } from '../../test/tus-client.ts';

let ctx: TestApp;
beforeAll(async () => {
  // The 1 TB rule is tested with declared sizes no test disk holds: a disk of 10 TiB (the free-space
  // limit has its own test, upload-limits.routes.test.ts).
  ctx = await createTestApp({ diskFreeBytes: async () => 10 * 1024 ** 4 });
});
afterAll(async () => {
  await ctx?.close();
});

async function customerWithReport(overrides: Parameters<typeof createManualReport>[2] = {}) {
  const customer = await signedInClient(ctx);
  const field = await createField(ctx, customer.user);
  const report = await createManualReport(ctx, field, overrides);
  return { ...customer, field, report, tus: tusClient(customer.http) };
}

async function waitForDataset(http: Client, reportUuid: string, done: (data: ReportDataView) => boolean) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const data = await dataOf(http, reportUuid);
    if (done(data)) return data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('dataset did not reach the expected state');
}

async function dataOf(http: Client, reportUuid: string) {
  const response = await http.get(`/api/reports/${reportUuid}/data`);
  expect(response.statusCode).toBe(200);
  return response.json().data as ReportDataView;
}

describe('tus upload under /api/uploads', () => {
  it('takes a file from the customer of a processing BYOI report and lists it in the open dataset', async () => {
    const { http, report, tus } = await customerWithReport();
    const body = Buffer.from('not really a photo, but bytes');
    const created = await tus.create(report.uuid, 'DJI_0001.JPG', body.length);
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const sent = await tus.patch(created.headers.location as string, 0, body);
    expect(sent.statusCode).toBe(204);
    expect(sent.headers['upload-offset']).toBe(String(body.length));

    const data = await dataOf(http, report.uuid);
    expect(data.canUpload).toBe(true);
    expect(data.dataset?.status).toBe('open');
    expect(data.dataset?.uploads).toEqual([
      expect.objectContaining({ filename: 'DJI_0001.JPG', size: body.length, completed: true }),
    ]);
  });

  it('resumes an interrupted upload: HEAD tells the offset and a new PATCH continues from it', async () => {
    const { http, report, tus } = await customerWithReport();
    const body = Buffer.alloc(64 * 1024, 7);
    const created = await tus.create(report.uuid, 'flight.zip', body.length);
    const location = created.headers.location as string;
    expect((await tus.patch(location, 0, body.subarray(0, 20_000))).statusCode).toBe(204);

    // A new session of the same user (a reload) asks where to continue.
    const head = await tus.head(location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('20000');
    expect(head.headers['upload-length']).toBe(String(body.length));
    expect((await tus.patch(location, 0, body)).statusCode).toBe(409);
    const rest = await tus.patch(location, 20_000, body.subarray(20_000));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(body.length));
    expect((await dataOf(http, report.uuid)).dataset?.uploads[0]?.completed).toBe(true);
  });

  it('refuses a dataset of 1 TB or more before any byte, with the spec message', async () => {
    const { report, tus } = await customerWithReport();
    const tooBig = await tus.create(report.uuid, 'huge.zip', DATASET_MAX_BYTES);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errors[0].msg).toBe(MESSAGES.datasetTooLarge);

    // The limit is for the whole dataset: two files together must stay under it.
    const half = Math.floor(DATASET_MAX_BYTES / 2);
    expect((await tus.create(report.uuid, 'first.zip', half)).statusCode).toBe(201);
    const second = await tus.create(report.uuid, 'second.zip', half + 10);
    expect(second.statusCode).toBe(413);
    expect(second.json().errors[0].msg).toBe(MESSAGES.datasetTooLarge);
  });

  it('needs the size up front and the report named in the metadata', async () => {
    const { report, tus } = await customerWithReport();
    const deferred = await tus.create(report.uuid, 'a.jpg', undefined);
    expect(deferred.statusCode).toBe(400);
    expect(deferred.json().errors[0].msg).toBe(DATASET_MESSAGES.uploadLengthRequired);
    const unnamed = await tus.create(undefined, 'a.jpg', 10);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors[0].msg).toBe(DATASET_MESSAGES.uploadMetadataRequired);
  });

  it('follows the session and CSRF rules of the API', async () => {
    const { report, http } = await customerWithReport();
    const anonymous = tusClient(client(ctx.app));
    expect((await anonymous.create(report.uuid, 'a.jpg', 10)).statusCode).toBe(401);
    expect((await client(ctx.app).get(`/api/reports/${report.uuid}/data`)).statusCode).toBe(401);
    const noCsrf = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        cookie: http.cookie ?? '',
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `reportUuid ${Buffer.from(report.uuid).toString('base64')}`,
      },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('lets a customer remove an upload while the dataset is open', async () => {
    const { http, report, tus } = await customerWithReport();
    const location = await tus.upload(report.uuid, 'wrong.jpg', Buffer.from('x'));
    const key = `uploads/${location.split('/').pop()}`;
    expect(await ctx.storage.stat(key)).toEqual({ size: 1 });
    expect((await tus.remove(location)).statusCode).toBe(204);
    expect((await dataOf(http, report.uuid)).dataset?.uploads).toEqual([]);
    // The bytes are gone too, on either storage.
    expect(await ctx.storage.stat(key)).toBeNull();
  });
});

describe('who may upload', () => {
  it('hides the report from another customer (404) and keeps their hands off its uploads', async () => {
    const { report, tus } = await customerWithReport();
    const location = await tus.upload(report.uuid, 'a.jpg', Buffer.from('abc'));
    const stranger = await signedInClient(ctx);
    const theirs = tusClient(stranger.http);
    expect((await theirs.create(report.uuid, 'b.jpg', 3)).statusCode).toBe(404);
    expect((await theirs.head(location)).statusCode).toBe(404);
    expect((await theirs.patch(location, 3, Buffer.from('d'))).statusCode).toBe(404);
    expect((await theirs.remove(location)).statusCode).toBe(404);
    expect((await stranger.http.get(`/api/reports/${report.uuid}/data`)).statusCode).toBe(404);
    expect((await stranger.http.post(`/api/reports/${report.uuid}/data/submit`)).statusCode).toBe(404);
  });

  it('lets a b2b colleague of the same company upload for a BYOI report', async () => {
    const company = await createCompany(ctx);
    const owner = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
    const field = await createField(ctx, owner.user);
    const report = await createManualReport(ctx, field);
    const colleague = await signedInClient(ctx, { role: 'b2b_user', companyId: company.id });
    expect((await tusClient(colleague.http).create(report.uuid, 'a.jpg', 3)).statusCode).toBe(201);
  });

  it('always lets admin, financial_admin and operation_admin upload; not the marketing admin', async () => {
    const { report } = await customerWithReport();
    for (const role of ['admin', 'financial_admin', 'operation_admin'] as const) {
      const staff = await signedInClient(ctx, { role });
      expect((await tusClient(staff.http).create(report.uuid, `${role}.jpg`, 3)).statusCode).toBe(201);
      expect((await dataOf(staff.http, report.uuid)).canUpload).toBe(true);
    }
    const marketing = await signedInClient(ctx, { role: 'Marketing Admin' });
    const refused = await tusClient(marketing.http).create(report.uuid, 'm.jpg', 3);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].msg).toBe(DATASET_MESSAGES.uploadNotAllowed);
    expect((await dataOf(marketing.http, report.uuid)).canUpload).toBe(false);
  });

  it('for an E2E report takes data from staff, not from the customer', async () => {
    const { report, tus } = await customerWithReport({ service: 'e2e', status: 'processing_pending' });
    expect((await tus.create(report.uuid, 'a.jpg', 3)).statusCode).toBe(403);
    const operations = await signedInClient(ctx, { role: 'operation_admin' });
    expect((await tusClient(operations.http).create(report.uuid, 'a.jpg', 3)).statusCode).toBe(201);
  });

  it.each(['pending_payment', 'processing_data', 'complete'])(
    'refuses uploads to a %s report',
    async (status) => {
      const { http, report, tus } = await customerWithReport({ status });
      const refused = await tus.create(report.uuid, 'a.jpg', 3);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0].msg).toBe(DATASET_MESSAGES.uploadWrongStatus);
      const data = await dataOf(http, report.uuid);
      expect(data.canUpload).toBe(false);
      expect(data.uploadRefusal).toBe(DATASET_MESSAGES.uploadWrongStatus);
    },
  );

  it('refuses uploads outside the report validity', async () => {
    const { report, tus } = await customerWithReport({ validTo: new Date(Date.now() - 1000) });
    const refused = await tus.create(report.uuid, 'a.jpg', 3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].msg).toBe(DATASET_MESSAGES.uploadOutsideValidity);
  });
});

describe('submitting', () => {
  it('needs at least one upload, every one of them finished', async () => {
    const { http, report, tus } = await customerWithReport();
    const empty = await http.post(`/api/reports/${report.uuid}/data/submit`);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].msg).toBe(DATASET_MESSAGES.noUploads);
    await tus.create(report.uuid, 'half.jpg', 100);
    const unfinished = await http.post(`/api/reports/${report.uuid}/data/submit`);
    expect(unfinished.statusCode).toBe(400);
    expect(unfinished.json().errors[0].msg).toBe(DATASET_MESSAGES.uploadsIncomplete);
  });

  it('closes the dataset on submit; after a refusal the customer starts a new one', async () => {
    const { http, report, tus } = await customerWithReport();
    const location = await tus.upload(report.uuid, 'a.png', Buffer.from('x'));
    const submitted = await http.post(`/api/reports/${report.uuid}/data/submit`);
    expect(submitted.statusCode).toBe(202);
    expect(submitted.json().data.canUpload).toBe(false);
    const refused = await waitForDataset(http, report.uuid, (data) => data.dataset?.status === 'rejected');
    expect(refused.dataset?.message).toBe(DATASET_MESSAGES.noValidImage);
    expect(refused.canUpload).toBe(true);
    // The refused dataset takes nothing more; a new upload opens a new dataset.
    expect((await tus.head(location)).statusCode).toBe(409);
    expect((await tus.create(report.uuid, 'b.jpg', 3)).statusCode).toBe(201);
    const reopened = await dataOf(http, report.uuid);
    expect(reopened.dataset?.status).toBe('open');
    expect(reopened.dataset?.uuid).not.toBe(refused.dataset?.uuid);
  });
});
