import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createField, createManualReport, signedInClient } from '../../test/factories.ts';
import { client } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let ctx: TestApp;
/** The app's real log lines (warnings and worse): serving a file must write none. */
const logged: { level: number; msg: string }[] = [];
beforeAll(async () => {
  ctx = await createTestApp({
    env: { LOG_LEVEL: 'warn' },
    logOutput: {
      write: (chunk: string) => {
        for (const line of chunk.split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
});

/** A complete b2b report with an HD photo, a tile and the PDF in storage. */
async function completeReport() {
  const company = await createCompany(ctx);
  const owner = await signedInClient(ctx, { role: 'b2b_admin', companyId: company.id });
  const field = await createField(ctx, { id: owner.user.id, companyId: company.id });
  const report = await createManualReport(ctx, field, { status: 'complete' });
  const root = `reports/${report.uuid}`;
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
  await ctx.storage.put(`${root}/DJI_0001-hd.jpg`, jpeg, 'image/jpeg');
  await ctx.storage.put(`${root}/tiles/ai/18/150000/100000.png`, Buffer.from('\x89PNG tile'), 'image/png');
  // A photo tile the photos cover whole is a JPEG under the same `.png` key.
  await ctx.storage.put(`${root}/tiles/no_pseu/18/150000/100000.png`, jpeg, 'image/jpeg');
  await ctx.storage.put(
    `${root}/data_files/final_report.pdf`,
    Buffer.from('%PDF-1.7 report'),
    'application/pdf',
  );
  return { owner, company, report };
}

const files = (uuid: string) => ({
  hd: `/api/reports/${uuid}/files/DJI_0001-hd.jpg`,
  tile: `/api/reports/${uuid}/files/tiles/ai/18/150000/100000.png`,
  photoTile: `/api/reports/${uuid}/files/tiles/no_pseu/18/150000/100000.png`,
  pdf: `/api/reports/${uuid}/files/data_files/final_report.pdf`,
});

describe('report files', () => {
  it('serves HD photos, tiles and the PDF to the customer with their content types and cache rules', async () => {
    const { owner, report } = await completeReport();
    const urls = files(report.uuid);
    const hd = await owner.http.get(urls.hd);
    expect(hd.statusCode).toBe(200);
    expect(hd.headers['content-type']).toBe('image/jpeg');
    const tile = await owner.http.get(urls.tile);
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/png');
    expect(tile.headers['cache-control']).toContain('max-age=604800');
    expect(tile.headers['cache-control']).toContain('private');
    expect(tile.body).toBe('\x89PNG tile');
    const photoTile = await owner.http.get(urls.photoTile);
    expect(photoTile.statusCode).toBe(200);
    expect(photoTile.headers['content-type']).toBe('image/jpeg');
    expect(photoTile.headers['cache-control']).toContain('max-age=604800');
    expect(photoTile.rawPayload.equals(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).toBe(true);
    expect((await owner.http.request('HEAD', urls.photoTile)).headers['content-type']).toBe('image/jpeg');
    const pdf = await owner.http.get(urls.pdf);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body).toBe('%PDF-1.7 report');
  });

  it('answers byte ranges (206 with Content-Range, 416 past the end) and HEAD without a body', async () => {
    const { owner, report } = await completeReport();
    const { pdf } = files(report.uuid);
    const part = await owner.http.get(pdf, { headers: { range: 'bytes=5-8' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('1.7 ');
    expect(part.headers['content-range']).toBe('bytes 5-8/15');
    expect(part.headers['content-length']).toBe('4');
    expect(part.headers['content-type']).toBe('application/pdf');
    const tail = await owner.http.get(pdf, { headers: { range: 'bytes=-6' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('report');
    const open = await owner.http.get(pdf, { headers: { range: 'bytes=9-' } });
    expect(open.body).toBe('report');
    const beyond = await owner.http.get(pdf, { headers: { range: 'bytes=99-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */15');
    const whole = await owner.http.get(pdf);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe('15');
    const head = await owner.http.request('HEAD', pdf);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('15');
    expect(head.body).toBe('');
    const missing = await owner.http.get(`/api/reports/${report.uuid}/files/none-hd.jpg`, {
      headers: { range: 'bytes=0-1' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].msg).toBeTruthy();
  });

  it('serves them to the customer company and to staff; 404 to anyone else; 401 signed out', async () => {
    const { company, report } = await completeReport();
    const urls = files(report.uuid);
    const colleague = await signedInClient(ctx, { role: 'b2b_user', companyId: company.id });
    expect((await colleague.http.get(urls.pdf)).statusCode).toBe(200);
    for (const role of ['admin', 'operation_admin', 'financial_admin', 'Marketing Admin'] as const) {
      const staff = await signedInClient(ctx, { role });
      expect((await staff.http.get(urls.tile)).statusCode, role).toBe(200);
    }
    const stranger = await signedInClient(ctx);
    const refused = await stranger.http.get(urls.hd);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errors[0].msg).toBe('Report not found');
    const pilot = await signedInClient(ctx, { role: 'drone_operator' });
    expect((await pilot.http.get(urls.pdf)).statusCode).toBe(404);
    expect((await client(ctx.app).get(urls.pdf)).statusCode).toBe(401);
  });

  it('serves nothing outside the published patterns, and never through the public files route', async () => {
    const { owner, report } = await completeReport();
    const base = `/api/reports/${report.uuid}/files`;
    for (const rest of [
      '..%2F..%2Fuploads%2Fx',
      'tiles%2F..%2F..%2F..%2Fx-hd.jpg',
      'secret.txt',
      'missing-hd.jpg',
    ]) {
      expect((await owner.http.get(`${base}/${rest}`)).statusCode, rest).toBe(404);
    }
    expect(
      (await owner.http.get(`/api/files/reports/${report.uuid}/data_files/final_report.pdf`)).statusCode,
    ).toBe(404);
    expect((await owner.http.get(`/api/files/uploads/${'a'.repeat(32)}`)).statusCode).toBe(404);
  });

  it('logs no error when a file is served (report files and public files alike)', async () => {
    const { owner, report } = await completeReport();
    const avatar = 'avatars/users/00000000-0000-4000-8000-000000000001/a-md.webp';
    await ctx.storage.put(avatar, Buffer.from('RIFF0000WEBP'), 'image/webp');
    const before = logged.length;
    for (const url of [...Object.values(files(report.uuid)), `/api/files/${avatar}`]) {
      expect((await owner.http.get(url)).statusCode, url).toBe(200);
      expect((await owner.http.get(url, { headers: { range: 'bytes=0-1' } })).statusCode, url).toBe(206);
      expect((await owner.http.request('HEAD', url)).statusCode, url).toBe(200);
    }
    // The handler's promise settles after the answer: let it run before looking.
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged.slice(before).filter((line) => line.level >= 40)).toEqual([]);
  });

  it('refuses private prefixes in any letter case or spelling on /api/files', async () => {
    const { owner, report } = await completeReport();
    // What a case-insensitive file system (macOS, Windows) would find for these keys.
    const variants = [
      `Reports/${report.uuid}/data_files/final_report.pdf`,
      `REPORTS/${report.uuid}/DJI_0001-hd.jpg`,
      `Uploads/${'a'.repeat(32)}`,
      `reports./${report.uuid}/DJI_0001-hd.jpg`,
      `Agro/${report.uuid}/index.png`,
      `eXports/${report.uuid}.zip`,
    ];
    for (const key of variants) {
      await ctx.storage.put(key, Buffer.from('private'), 'application/octet-stream');
      const response = await owner.http.get(`/api/files/${key}`);
      expect(response.statusCode, key).toBe(404);
      expect(response.body, key).not.toContain('private');
    }
    // A public file beside them is still served.
    await ctx.storage.put('avatars/users/x/Reports-md.webp', Buffer.from('webp'), 'image/webp');
    expect((await owner.http.get('/api/files/avatars/users/x/Reports-md.webp')).statusCode).toBe(200);
  });
});
