import path from 'node:path';
import {
  REPORT_STATUSES_AWAITING_DATA as AWAITING_DATA,
  DATASET_MAX_BYTES,
  isReportStatus,
  DATASET_MESSAGES as M,
} from '@ampelos/domain';
import type { Config } from '../../../platform/config.ts';
import type { Jobs } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { Storage } from '../../../platform/storage/storage.ts';
import type { UploadStore } from '../../../platform/storage/upload-store.ts';
import type { OnDataAccepted } from '../data-received.ts';
import { datasetInputKey } from '../paths.ts';
import type { DatasetRepository, DatasetRow, NewDatasetFile, UploadRow } from '../repository.ts';
import { chooseInputs } from './choose-inputs.ts';
import { classifyFile, type FieldArea } from './classify.ts';
import { sniffFile } from './sniff.ts';
import { eachZipFile, inspectZip, ZipArchiveDamage, ZipEntryDamage } from './zip-archive.ts';

export interface IngestDeps {
  repository: DatasetRepository;
  storage: Storage;
  uploadStore: UploadStore;
  jobs: Jobs;
  config: Pick<Config, 'datasets' | 'imaging'>;
  logger: Logger;
  /** The shoot ↔ report consequences of accepted data (completes the shoot, flags photo dates). */
  onDataAccepted?: OnDataAccepted;
}

/** Reads of one file that may die with their worker before the file is refused (see decideFile). */
const MAX_FILE_CHECKS = 2;
const FILE_STOPPED_WORKER =
  'Reading this file stopped the server twice, so it is refused as damaged: check it and upload it again';

/** A storage-safe extension taken from the entry name (only to help people reading the folder). */
function extensionOf(name: string): string {
  const ext = path.extname(name).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '';
}

/**
 * The `dataset.ingest` job: records a verdict for every file of every upload (zip entries streamed
 * out one by one), then accepts the dataset (report → processing_data, analysis starts) or refuses
 * it when no image is valid. Resumable: uploads already inspected and files already recorded are
 * skipped, so a crash costs at most the file in progress.
 */
export function createIngest(deps: IngestDeps) {
  const { repository, storage, uploadStore } = deps;
  const limits = {
    maxEntries: deps.config.datasets.zipMaxEntries,
    maxRatio: deps.config.datasets.zipMaxRatio,
    maxTotalBytes: DATASET_MAX_BYTES,
  };
  const analysable = {
    photoMaxPixels: deps.config.imaging.photoMaxPixels,
    rasterMaxPixels: deps.config.imaging.rasterMaxPixels,
  };

  type FileBase = { datasetId: number; uploadId: string; path: string; bytes: number };

  /**
   * Decides one file, crash-safe: a verdict "refused, it stopped the server" is written before the
   * file is read and replaced by the real one after. When reading a file kills the worker (a
   * decoder bug, memory), the resumed ingest finds that verdict: it tries once more, and after a
   * second death the file stays refused and the dataset goes on without it, so one file can never
   * put the service into a crash loop. Null `previous`: the file was decided already.
   */
  async function decideFile(
    base: FileBase,
    previous: number | null | undefined,
    decide: () => Promise<NewDatasetFile>,
  ) {
    if (previous === null) return;
    const started = (previous ?? 0) + 1;
    if (started > MAX_FILE_CHECKS) return;
    await repository.upsertFile({
      ...base,
      status: 'rejected',
      reason: 'corrupt',
      message: FILE_STOPPED_WORKER,
      metadata: { ingestChecksStarted: started },
    });
    await repository.upsertFile(await decide());
  }

  async function inspectZipUpload(dataset: DatasetRow, upload: UploadRow, file: string, field: FieldArea) {
    const refusal = await inspectZip(file, limits);
    if (refusal) {
      await repository.insertFile({
        datasetId: dataset.id,
        uploadId: upload.id,
        path: upload.filename,
        format: 'zip',
        bytes: upload.size,
        status: 'rejected',
        reason: refusal.reason,
        message: refusal.message,
      });
      return;
    }
    const checks = await repository.checksOfUpload(dataset.id, upload.id);
    let index = 0;
    const visitAll = eachZipFile(file, async (entry) => {
      index += 1;
      const base = {
        datasetId: dataset.id,
        uploadId: upload.id,
        path: `${upload.filename}/${entry.name}`,
        bytes: entry.size,
      };
      await decideFile(base, checks.get(base.path), async () => {
        if (entry.encrypted) {
          return {
            ...base,
            status: 'rejected',
            reason: 'corrupt',
            message: 'The file is encrypted inside the zip',
          };
        }
        const key = datasetInputKey(
          dataset.uuid,
          `${upload.id.slice(0, 8)}-${index}${extensionOf(entry.name)}`,
        );
        try {
          await entry.copyTo((stream) =>
            storage.putStream(key, stream, 'application/octet-stream', entry.size),
          );
        } catch (error) {
          if (!(error instanceof ZipEntryDamage)) throw error;
          await storage.delete(key).catch(() => undefined);
          return { ...base, status: 'rejected', reason: 'corrupt', message: error.message };
        }
        const verdict = await storage.withLocalFile(key, (stored) => classifyFile(stored, field, analysable));
        if (verdict.status === 'rejected') await storage.delete(key);
        return { ...base, ...verdict, storageKey: verdict.status === 'accepted' ? key : null };
      });
    });
    try {
      await visitAll;
    } catch (error) {
      if (!(error instanceof ZipArchiveDamage)) throw error;
      // The files listed before the damage keep their verdicts; the zip itself says why the rest has none.
      await repository.insertFile({
        datasetId: dataset.id,
        uploadId: upload.id,
        path: upload.filename,
        format: 'zip',
        bytes: upload.size,
        status: 'rejected',
        reason: 'corrupt',
        message:
          error.visited > 0
            ? `${error.message}; the files before the damage were checked one by one`
            : error.message,
      });
    }
  }

  async function inspectUpload(dataset: DatasetRow, upload: UploadRow, field: FieldArea) {
    const key = uploadStore.keyOf(upload.id);
    const isZip = await storage.withLocalFile(key, async (file) => {
      if ((await sniffFile(file)) === 'zip') {
        await inspectZipUpload(dataset, upload, file, field);
        return true;
      }
      const base = { datasetId: dataset.id, uploadId: upload.id, path: upload.filename, bytes: upload.size };
      const checks = await repository.checksOfUpload(dataset.id, upload.id);
      await decideFile(base, checks.get(base.path), async () => {
        const verdict = await classifyFile(file, field, analysable);
        return { ...base, ...verdict, storageKey: verdict.status === 'accepted' ? key : null };
      });
      return false;
    });
    await repository.markUploadInspected(upload.id);
    // A zip's content now lives file by file; the archive itself is no longer needed.
    if (isZip) await uploadStore.datastore.remove(upload.id).catch(() => undefined);
  }

  /** Removes the bytes of a refused dataset (the verdicts stay for the user to read). */
  async function discardBytes(dataset: DatasetRow) {
    await storage.deletePrefix(`datasets/${dataset.uuid}`);
    for (const upload of await repository.uploadsOf(dataset.id)) {
      await uploadStore.datastore.remove(upload.id).catch(() => undefined);
    }
  }

  return async function ingest({ datasetId }: { datasetId: number }) {
    const dataset = await repository.findDataset(datasetId);
    if (dataset?.status !== 'validating') return;
    const context = await repository.findReportById(dataset.reportId);
    if (!context?.field) {
      await repository.moveDataset(dataset.id, ['validating'], {
        status: 'failed',
        message: 'The field of this report was deleted',
      });
      return;
    }
    const field: FieldArea = {
      ring: context.field.polygon,
      bufferM: deps.config.datasets.geofenceBufferM,
    };
    for (const upload of await repository.uploadsOf(dataset.id)) {
      if (upload.inspectedAt === null) await inspectUpload(dataset, upload, field);
    }
    const kind = await chooseInputs(repository, dataset.id);
    const counts = await repository.fileCounts(dataset.id);
    const tally = { filesAccepted: counts.accepted, filesRejected: counts.rejected };
    if (kind === null) {
      await repository.moveDataset(dataset.id, ['validating'], {
        status: 'rejected',
        message: M.noValidImage,
        ...tally,
      });
      await discardBytes(dataset);
      return;
    }
    // The report first: a crash before the dataset moves re-runs this decision, which is idempotent.
    const report = context.report;
    if (isReportStatus(report.status) && AWAITING_DATA.includes(report.status)) {
      await repository.moveReport(report.id, AWAITING_DATA, 'processing_data');
    } else if (report.status !== 'processing_data') {
      await repository.moveDataset(dataset.id, ['validating'], {
        status: 'failed',
        message: M.uploadWrongStatus,
        ...tally,
      });
      return;
    }
    // The shoot completes (and staff hear of far photo dates) before the dataset shows as processing:
    // whoever sees the data accepted sees its shoot complete.
    await deps.onDataAccepted?.(context, dataset.id);
    const moved = await repository.moveDataset(dataset.id, ['validating'], {
      status: 'processing',
      kind,
      ...tally,
    });
    if (!moved) return;
    deps.logger.info({ datasetId, kind, ...tally }, 'dataset accepted');
    await deps.jobs.send(
      'dataset.fanout',
      { datasetId, phase: 'measure', generation: moved.generation },
      { key: `fanout-measure:${datasetId}:${moved.generation}` },
    );
  };
}
