import path from 'node:path';
import { DATASET_MAX_BYTES, DATASET_MESSAGES as M } from '@ampelos/domain';
import type { Config } from '../../../platform/config.ts';
import type { Jobs } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { Storage } from '../../../platform/storage/storage.ts';
import type { UploadStore } from '../../../platform/storage/upload-store.ts';
import type { OnDataAccepted } from '../data-received.ts';
import { datasetInputKey } from '../paths.ts';
import type { DatasetRepository, DatasetRow, UploadRow } from '../repository.ts';
import { chooseInputs } from './choose-inputs.ts';
import { classifyFile, type FieldArea } from './classify.ts';
import { sniffFile } from './sniff.ts';
import { eachZipFile, inspectZip } from './zip-archive.ts';

export interface IngestDeps {
  repository: DatasetRepository;
  storage: Storage;
  uploadStore: UploadStore;
  jobs: Jobs;
  config: Pick<Config, 'datasets'>;
  logger: Logger;
  /** The shoot ↔ report consequences of accepted data (completes the shoot, flags photo dates). */
  onDataAccepted?: OnDataAccepted;
}

const AWAITING_DATA = ['processing', 'processing_pending'];

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
    const recorded = await repository.filePathsOfUpload(dataset.id, upload.id);
    let index = 0;
    await eachZipFile(file, async (entry) => {
      index += 1;
      const entryPath = `${upload.filename}/${entry.name}`;
      if (recorded.has(entryPath)) return;
      const base = { datasetId: dataset.id, uploadId: upload.id, path: entryPath, bytes: entry.size };
      if (entry.encrypted) {
        await repository.insertFile({
          ...base,
          status: 'rejected',
          reason: 'corrupt',
          message: 'The file is encrypted inside the zip',
        });
        return;
      }
      const key = datasetInputKey(
        dataset.uuid,
        `${upload.id.slice(0, 8)}-${index}${extensionOf(entry.name)}`,
      );
      await storage.putStream(key, await entry.open(), 'application/octet-stream');
      const verdict = await storage.withLocalFile(key, (stored) => classifyFile(stored, field));
      if (verdict.status === 'rejected') await storage.delete(key);
      await repository.insertFile({
        ...base,
        ...verdict,
        storageKey: verdict.status === 'accepted' ? key : null,
      });
    });
  }

  async function inspectUpload(dataset: DatasetRow, upload: UploadRow, field: FieldArea) {
    const key = uploadStore.keyOf(upload.id);
    const isZip = await storage.withLocalFile(key, async (file) => {
      if ((await sniffFile(file)) === 'zip') {
        await inspectZipUpload(dataset, upload, file, field);
        return true;
      }
      const verdict = await classifyFile(file, field);
      await repository.insertFile({
        datasetId: dataset.id,
        uploadId: upload.id,
        path: upload.filename,
        bytes: upload.size,
        ...verdict,
        storageKey: verdict.status === 'accepted' ? key : null,
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
    if (AWAITING_DATA.includes(report.status)) {
      await repository.moveReport(report.id, AWAITING_DATA, 'processing_data');
    } else if (report.status !== 'processing_data') {
      await repository.moveDataset(dataset.id, ['validating'], {
        status: 'failed',
        message: M.uploadWrongStatus,
        ...tally,
      });
      return;
    }
    const moved = await repository.moveDataset(dataset.id, ['validating'], {
      status: 'processing',
      kind,
      ...tally,
    });
    if (!moved) return;
    deps.logger.info({ datasetId, kind, ...tally }, 'dataset accepted');
    await deps.onDataAccepted?.(context, dataset.id);
    await deps.jobs.send(
      'dataset.fanout',
      { datasetId, phase: 'measure', generation: moved.generation },
      { key: `fanout-measure:${datasetId}:${moved.generation}` },
    );
  };
}
