import { randomBytes } from 'node:crypto';
import { DATASET_MAX_BYTES, DATASET_MESSAGES as M, MESSAGES } from '@ampelos/domain';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { canSeeReportData, uploadRefusal } from './report-access.ts';
import type { DatasetRepository, ReportContext, UploadRow } from './repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const MAX_FILENAME = 255;

/**
 * Report lookup shared by the upload, data and file routes: a report the caller cannot see is a 404.
 * `sees` is the upload panel's rule by default (the drone crew included); the file routes narrow it.
 */
export async function visibleReport(
  repository: DatasetRepository,
  auth: AuthContext,
  reportUuid: string,
  sees: (auth: AuthContext, context: ReportContext) => boolean = canSeeReportData,
): Promise<ReportContext> {
  const context = UUID.test(reportUuid) ? await repository.findReportByUuid(reportUuid) : undefined;
  if (!context || !sees(auth, context)) throw notFound(M.reportNotFound);
  return context;
}

export function assertMayUpload(auth: AuthContext, context: ReportContext, now: Date) {
  const refusal = uploadRefusal(auth, context, now);
  if (refusal) throw new AppError(refusal.status, refusal.msg);
}

/** A display-safe file name: no path, no control characters, bounded length. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'file').slice(0, MAX_FILENAME);
}

/**
 * The rules around tus uploads: who may start one, the 1 TB limit (per dataset, before any byte),
 * the per-account and free-disk limits, and which existing uploads a caller may resume or remove.
 */
export interface UploadLimits {
  /** Free disk kept under local storage (bytes). */
  diskReserveBytes: number;
  /** Declared bytes one account may have in datasets not yet processed. */
  maxBytesPerAccount: number;
  /** Free bytes where uploads are written; null when that is not a local disk (S3). */
  freeBytes: (() => Promise<number>) | null;
}

export function createUploadService(deps: {
  repository: DatasetRepository;
  limits: UploadLimits;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repository, limits } = deps;

  /** Refuses, before any byte, an upload the account or the disk cannot take. */
  async function assertRoomFor(userId: number, size: number) {
    if ((await repository.bytesInFlightOf(userId)) + size > limits.maxBytesPerAccount)
      throw new AppError(413, M.uploadAccountLimit);
    if (!limits.freeBytes) return;
    // Other unfinished uploads will want their declared bytes too (counted in full: the safe side).
    const room = (await limits.freeBytes()) - limits.diskReserveBytes - (await repository.bytesStillToCome());
    if (size > room) throw new AppError(507, M.uploadNoSpace);
  }

  return {
    /** Checks a new upload and records it in the report's open dataset; returns the tus id to use. */
    async begin(
      auth: AuthContext,
      input: { reportUuid: string | undefined; filename: string | undefined; size: number | undefined },
    ): Promise<{ uploadId: string; datasetId: number }> {
      if (!input.reportUuid || !input.filename) throw badRequest(M.uploadMetadataRequired);
      if (input.size === undefined) throw badRequest(M.uploadLengthRequired);
      const context = await visibleReport(repository, auth, input.reportUuid);
      assertMayUpload(auth, context, now());
      if (!(input.size < DATASET_MAX_BYTES)) throw new AppError(413, MESSAGES.datasetTooLarge);
      const dataset = await repository.openDataset(context.report.id, auth.user.id);
      if (dataset.status !== 'open') throw new AppError(409, M.datasetAlreadySubmitted);
      // The limit is for the whole dataset: the files already in it count.
      const already = await repository.bytesOfDataset(dataset.id);
      if (!(already + input.size < DATASET_MAX_BYTES)) throw new AppError(413, MESSAGES.datasetTooLarge);
      await assertRoomFor(auth.user.id, input.size);
      const uploadId = randomBytes(16).toString('hex');
      await repository.insertUpload({
        id: uploadId,
        datasetId: dataset.id,
        uploadedBy: auth.user.id,
        filename: cleanFilename(input.filename),
        size: input.size,
      });
      return { uploadId, datasetId: dataset.id };
    },

    /** Forgets an upload whose creation tus refused. */
    async abandon(uploadId: string) {
      await repository.deleteUpload(uploadId);
    },

    /**
     * An existing upload the caller may continue (HEAD, PATCH) or remove (DELETE): its report must
     * still take data from this caller and its dataset must still be open.
     */
    async authorize(auth: AuthContext, uploadId: string): Promise<UploadRow> {
      const found = UPLOAD_ID.test(uploadId) ? await repository.findUpload(uploadId) : undefined;
      if (!found) throw notFound(M.uploadNotFound);
      const context = await repository.findReportById(found.dataset.reportId);
      if (!context || !canSeeReportData(auth, context)) throw notFound(M.uploadNotFound);
      assertMayUpload(auth, context, now());
      if (found.dataset.status !== 'open') throw new AppError(409, M.datasetAlreadySubmitted);
      return found.upload;
    },

    async finished(uploadId: string) {
      await repository.markUploadComplete(uploadId);
    },

    async removed(uploadId: string) {
      await repository.deleteUpload(uploadId);
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
