import type { S3Client } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import { ERRORS } from '@tus/server';
import { type S3Settings, s3ClientConfig } from './s3-storage.ts';

/**
 * `@tus/s3-store` with our key layout and a working removal of finished uploads.
 *
 * Parts are `partBytes` (≥ 103 MiB, so 1000 GiB fits in S3's 10,000 parts) and every part but the
 * last is exactly that size: the leftover of a PATCH waits in `{id}.part` until the next one
 * instead of becoming a short part, so the part count stays size / partBytes whatever the client's
 * chunking. Each part is written to the OS temporary directory before it is sent; at most
 * `parallelParts` of them exist at once per process (the store's semaphore also holds back the
 * incoming requests), so a process needs up to parallelParts × partBytes of temporary disk.
 */
export class AmpelosS3UploadStore extends S3Store {
  constructor(
    settings: S3Settings,
    folder: string,
    partBytes: number,
    parallelParts: number,
    expiryMs: number,
  ) {
    super({
      partSize: partBytes,
      minPartSize: partBytes,
      maxConcurrentPartUploads: parallelParts,
      expirationPeriodInMilliseconds: expiryMs,
      // Object tagging is missing from several S3-compatible services; expiry works without it.
      useTags: false,
      s3ClientConfig: { bucket: settings.bucket, ...s3ClientConfig(settings) },
    });
    prefixUploadKeys(this.client, `${settings.prefix}${folder}`);
  }

  /**
   * A finished upload has no multipart upload left to abort, and `@tus/s3-store` then answers "not
   * found" and keeps the object: removing a finished file from the dataset, or the zip once its
   * entries are extracted, would leave it in the bucket forever. An unfinished one would leave its
   * `.part` object behind.
   */
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
      // The bytes waiting for their part are not the parent's concern on removal.
      await this.client.deleteObject({ Bucket: this.bucket, Key: this.partKey(id, true) });
    } catch (error) {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
      await this.getMetadata(id).catch(() => {
        throw ERRORS.FILE_NOT_FOUND;
      });
      await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }] },
      });
      await this.clearCache(id);
    }
  }
}

type KeyedInput = {
  Key?: string;
  Prefix?: string;
  Delete?: { Objects?: { Key?: string }[] };
};

/**
 * `@tus/s3-store` names objects by the bare upload id at the bucket root; this maps every key it
 * sends under `prefix` (and scopes its expiry listing to it), so uploads sit beside the other files.
 */
export function prefixUploadKeys(client: Pick<S3Client, 'middlewareStack'>, prefix: string) {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = { ...(args.input as KeyedInput) };
      if (input.Key !== undefined) input.Key = `${prefix}${input.Key}`;
      if (input.Delete?.Objects) {
        input.Delete = {
          ...input.Delete,
          Objects: input.Delete.Objects.map((object) => ({ ...object, Key: `${prefix}${object.Key}` })),
        };
      }
      const listing = context.commandName === 'ListMultipartUploadsCommand';
      if (listing) input.Prefix = prefix;
      const result = await next({ ...args, input });
      if (listing) {
        const output = result.output as { Uploads?: { Key?: string }[] };
        for (const upload of output.Uploads ?? []) upload.Key = upload.Key?.slice(prefix.length);
      }
      return result;
    },
    { step: 'initialize', name: 'ampelosUploadKeyPrefix' },
  );
}
