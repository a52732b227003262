import {
  type ConfirmImagingInput,
  DATASET_FILES_SHOWN,
  DATASET_MAX_BYTES,
  DATASET_MESSAGES as M,
  MESSAGES,
} from '@ampelos/domain';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { replanUnits } from './pipeline/units.ts';
import type { DatasetRows, ReportDataState } from './presenter.ts';
import { canSeeReport, mayConfirmImaging, uploadRefusal } from './report-access.ts';
import type { DatasetRepository, DatasetSnapshots } from './repository.ts';
import { assertMayUpload, visibleReport } from './upload-service.ts';

/** The upload panel's state of a report, and the submission that starts validation. */
export function createDataService(deps: {
  repository: DatasetRepository;
  snapshot: DatasetSnapshots;
  jobs: Jobs;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { repository } = deps;

  /** The dataset with its uploads, its first files (one more than shown) and its units by status. */
  async function datasetRows(read: DatasetRepository, datasetId: number): Promise<DatasetRows | null> {
    const dataset = await read.findDataset(datasetId);
    if (!dataset) return null;
    const [uploads, files, units] = await Promise.all([
      read.uploadsOf(dataset.id),
      read.filesOf(dataset.id, DATASET_FILES_SHOWN + 1),
      read.unitStatusCounts(dataset.id),
    ]);
    return { dataset, uploads, files, units };
  }

  return {
    /**
     * Read on one snapshot: the pipeline moves a report and its dataset together (complete, or
     * failed and back to awaiting data), and the panel shows both, with whether it takes an upload.
     */
    state: (auth: AuthContext, reportUuid: string): Promise<ReportDataState> =>
      deps.snapshot(async (read) => {
        const context = await visibleReport(read, auth, reportUuid);
        const latest = await read.latestDataset(context.report.id);
        const canConfirmImaging = latest?.status === 'review' && mayConfirmImaging(auth);
        // An upload session that is still open takes more files; a submitted one does not.
        const open = latest === undefined || ['open', 'rejected', 'failed'].includes(latest.status);
        const dataset = latest ? await datasetRows(read, latest.id) : null;
        const refusal = uploadRefusal(auth, context, now());
        return {
          report: context.report,
          refusal: refusal?.msg ?? (open ? null : M.datasetAlreadySubmitted),
          dataset,
          pdfAvailable: context.report.status === 'complete' && canSeeReport(auth, context),
          canConfirmImaging,
        };
      }),

    /**
     * Staff confirm what the engine could not establish (a camera's band layout, the flight height);
     * the units are planned again with it and, when nothing is left to confirm, the analysis starts.
     */
    async confirmImaging(auth: AuthContext, reportUuid: string, input: ConfirmImagingInput) {
      const context = await visibleReport(repository, auth, reportUuid);
      if (!mayConfirmImaging(auth)) throw new AppError(403, M.confirmNotAllowed);
      const dataset = await repository.latestDataset(context.report.id);
      if (dataset?.status !== 'review') throw new AppError(409, M.notInReview);
      if (input.layout) {
        for (const file of await repository.acceptedFilesOf(dataset.id)) {
          if (file.kind !== 'photo') continue;
          await repository.updateFile(file.id, {
            metadata: { ...file.metadata, confirmedLayout: input.layout },
          });
        }
      }
      const remaining = await replanUnits(repository, dataset, {
        fieldAltitudeM: context.field?.altitude ?? null,
        confirmedHeightM: input.heightM ?? null,
      });
      if (remaining.length > 0) {
        await repository.moveDataset(dataset.id, ['review'], { message: remaining.join('\n') });
        throw badRequest(`${M.stillNeedsConfirmation}${remaining.join(' ')}`);
      }
      // A new generation: the fan-out that put the dataset in review used this one's job key.
      const generation = await repository.bumpGeneration(dataset.id);
      const moved = await repository.moveDataset(dataset.id, ['review'], {
        status: 'processing',
        message: null,
      });
      if (!moved) throw new AppError(409, M.notInReview);
      await deps.jobs.send(
        'dataset.fanout',
        { datasetId: dataset.id, phase: 'measure', generation },
        { key: `fanout-measure:${dataset.id}:${generation}` },
      );
      return this.state(auth, reportUuid);
    },

    /** Closes the open dataset and starts validation (the ingest job). */
    async submit(auth: AuthContext, reportUuid: string) {
      const context = await visibleReport(repository, auth, reportUuid);
      assertMayUpload(auth, context, now());
      const latest = await repository.latestDataset(context.report.id);
      if (!latest || latest.status === 'rejected' || latest.status === 'failed')
        throw badRequest(M.noUploads);
      if (latest.status !== 'open') throw new AppError(409, M.datasetAlreadySubmitted);
      const uploads = await repository.uploadsOf(latest.id);
      if (uploads.length === 0) throw badRequest(M.noUploads);
      if (uploads.some((upload) => upload.completedAt === null)) throw badRequest(M.uploadsIncomplete);
      // Concurrent creations each passed the limit alone; together they must pass it too.
      const total = uploads.reduce((sum, upload) => sum + upload.size, 0);
      if (!(total < DATASET_MAX_BYTES)) throw new AppError(413, MESSAGES.datasetTooLarge);
      const moved = await repository.moveDataset(latest.id, ['open'], {
        status: 'validating',
        submittedAt: now(),
      });
      if (!moved) throw new AppError(409, M.datasetAlreadySubmitted);
      // The answer is the submission (validating, no more uploads), read before the job is sent: an
      // in-process ingest can refuse a small dataset before a read after it, and the answer then
      // raced the job (the refusal reaches the page through the data state it polls).
      const submitted = await this.state(auth, reportUuid);
      await deps.jobs.send('dataset.ingest', { datasetId: moved.id }, { key: `ingest:${moved.id}` });
      return submitted;
    },
  };
}
export type DataService = ReturnType<typeof createDataService>;
