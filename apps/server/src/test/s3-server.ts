/// <reference path="./s3rver.d.ts" />
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { type S3Settings, s3ClientConfig } from '../platform/storage/s3-storage.ts';

/** s3rver's fixed credentials (it checks request signatures against them). */
const ACCESS_KEY = 'S3RVER';

/**
 * A real S3-compatible HTTP server for tests: s3rver (npm) on a free port, storing in a temporary
 * directory. s3rver signs and checks SigV4, and does PutObject, ranged GetObject, ListObjectsV2,
 * DeleteObjects and multipart uploads; it lacks three multipart calls that `@tus/s3-store` needs
 * (ListParts, AbortMultipartUpload, ListMultipartUploads), which `multipartExtras` adds on top of
 * s3rver's own part files.
 */
export async function startS3TestServer() {
  const directory = await mkdtemp(path.join(tmpdir(), 'ampelos-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  // After s3rver's logger, before its XML encoder and router.
  server.middleware.splice(1, 0, multipartExtras(server));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;

  /** Settings of a new, empty bucket (one per test app, so tests never see each other's files). */
  async function newBucket(prefix = ''): Promise<S3Settings> {
    const settings: S3Settings = {
      endpoint,
      bucket: `test-${randomBytes(6).toString('hex')}`,
      region: 'us-east-1',
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
      forcePathStyle: true,
      prefix: prefix ? `${prefix.replace(/\/+$/, '')}/` : '',
    };
    const client = new S3Client(s3ClientConfig(settings));
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
    client.destroy();
    return settings;
  }

  /** The S3_* variables of `.env.example` for a new bucket. */
  async function env(prefix = ''): Promise<Record<string, string>> {
    const settings = await newBucket(prefix);
    return {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: settings.bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    };
  }

  return {
    endpoint,
    newBucket,
    env,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
export type S3TestServer = Awaited<ReturnType<typeof startS3TestServer>>;

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const noSuchUpload = xml(
  '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
);

interface StoredObject {
  key: string;
  size: number;
  lastModifiedDate: Date;
  metadata: { etag?: string };
}

/**
 * ListObjectsV2 on s3rver's store: s3rver's own continuation tokens use DES, which current OpenSSL
 * no longer offers, so any listing longer than a page failed. Tokens here are the last key, base64.
 */
async function listObjectsV2(server: S3rver, bucket: string, query: Record<string, string | undefined>) {
  const prefix = query.prefix ?? '';
  const maxKeys = Math.min(Number(query['max-keys'] ?? 1000), 1000);
  const token = query['continuation-token'];
  const startAfter = token ? Buffer.from(token, 'base64').toString('utf8') : (query['start-after'] ?? '');
  const store = server.store as unknown as {
    listObjects(
      bucket: string,
      options: { prefix: string; startAfter: string; maxKeys: number },
    ): Promise<{ objects: StoredObject[]; isTruncated: boolean }>;
  };
  const { objects, isTruncated } = await store.listObjects(bucket, { prefix, startAfter, maxKeys });
  const last = objects.at(-1)?.key;
  return xml(
    `<ListBucketResult><Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix>` +
      `<KeyCount>${objects.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${isTruncated}</IsTruncated>` +
      (isTruncated && last
        ? `<NextContinuationToken>${Buffer.from(last).toString('base64')}</NextContinuationToken>`
        : '') +
      objects
        .map(
          (object) =>
            `<Contents><Key>${escapeXml(object.key)}</Key><LastModified>${object.lastModifiedDate.toISOString()}</LastModified>` +
            `<ETag>${escapeXml(object.metadata.etag ?? '')}</ETag><Size>${object.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
        )
        .join('') +
      '</ListBucketResult>',
  );
}

/** ListParts, AbortMultipartUpload and ListMultipartUploads on s3rver's `uploads/{uploadId}/{n}` files. */
function multipartExtras(server: S3rver): S3rver['middleware'][number] {
  return async (ctx, next) => {
    const [, bucket, ...keyParts] = ctx.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const uploadId = ctx.query.uploadId;
    if (!bucket) return next();
    const uploadsDir = server.store.getResourcePath(bucket, undefined, 'uploads');
    if (key && uploadId && (ctx.method === 'GET' || ctx.method === 'DELETE')) {
      const dir = path.join(uploadsDir, path.basename(uploadId));
      const storedKey = await readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
      if (storedKey !== key) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = noSuchUpload;
        return;
      }
      if (ctx.method === 'DELETE') {
        await rm(dir, { recursive: true, force: true });
        ctx.status = 204;
        return;
      }
      const parts = [];
      for (const name of await readdir(dir)) {
        if (!/^\d+$/.test(name)) continue;
        const info = await stat(path.join(dir, name));
        const md5 = await readFile(path.join(dir, `${name}.md5`), 'utf8');
        parts.push({ number: Number(name), size: info.size, md5, modified: info.mtime.toISOString() });
      }
      parts.sort((a, b) => a.number - b.number);
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body = xml(
        `<ListPartsResult><Bucket>${escapeXml(bucket)}</Bucket><Key>${escapeXml(key)}</Key>` +
          `<UploadId>${escapeXml(uploadId)}</UploadId><IsTruncated>false</IsTruncated>` +
          parts
            .map(
              (part) =>
                `<Part><PartNumber>${part.number}</PartNumber><LastModified>${part.modified}</LastModified>` +
                `<ETag>"${part.md5}"</ETag><Size>${part.size}</Size></Part>`,
            )
            .join('') +
          '</ListPartsResult>',
      );
      return;
    }
    if (!key && ctx.method === 'GET' && ctx.query['list-type'] === '2') {
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body = await listObjectsV2(server, bucket, ctx.query);
      return;
    }
    if (!key && ctx.method === 'GET' && 'uploads' in ctx.query) {
      const prefix = ctx.query.prefix ?? '';
      const uploads = [];
      for (const id of await readdir(uploadsDir).catch(() => [] as string[])) {
        const dir = path.join(uploadsDir, id);
        const uploadKey = await readFile(path.join(dir, 'key'), 'utf8').catch(() => null);
        if (uploadKey === null || !uploadKey.startsWith(prefix)) continue;
        const initiated = (await stat(dir)).birthtime.toISOString();
        uploads.push(
          `<Upload><Key>${escapeXml(uploadKey)}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`,
        );
      }
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body = xml(
        `<ListMultipartUploadsResult><Bucket>${escapeXml(bucket)}</Bucket><IsTruncated>false</IsTruncated>` +
          `${uploads.join('')}</ListMultipartUploadsResult>`,
      );
      return;
    }
    return next();
  };
}
