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
import type { DatasetRepository } from './repository.ts';
import { assertMayUpload, visibleReport } from './upload-service.ts';

/** The upload panel's state of a report, and the submission that starts validation. */
export function createDataService(deps: { repository: DatasetRepository; jobs: Jobs; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const { repository } = deps;

  /** The dataset with its uploads, its first files (one more than shown) and its units by status. */
  async function datasetRows(datasetId: number): Promise<DatasetRows | null> {
    const dataset = await repository.findDataset(datasetId);
    if (!dataset) return null;
    const [uploads, files, units] = await Promise.all([
      repository.uploadsOf(dataset.id),
      repository.filesOf(dataset.id, DATASET_FILES_SHOWN + 1),
      repository.unitStatusCounts(dataset.id),
    ]);
    return { dataset, uploads, files, units };
  }

  return {
    async state(auth: AuthContext, reportUuid: string): Promise<ReportDataState> {
      const context = await visibleReport(repository, auth, reportUuid);
      const latest = await repository.latestDataset(context.report.id);
      const canConfirmImaging = latest?.status === 'review' && mayConfirmImaging(auth);
      // An upload session that is still open takes more files; a submitted one does not.
      const open = latest === undefined || ['open', 'rejected', 'failed'].includes(latest.status);
      const dataset = latest ? await datasetRows(latest.id) : null;
      // The report read again after its dataset: the pipeline completes both in one transaction, so a
      // dataset read as complete always comes with its report complete (read before, the report could
      // still show processing_data beside a complete dataset).
      // Whether it takes an upload is decided on that same read (the failure moves both together).
      const report = (await repository.findReportById(context.report.id))?.report ?? context.report;
      const refusal = uploadRefusal(auth, { ...context, report }, now());
      return {
        report,
        refusal: refusal?.msg ?? (open ? null : M.datasetAlreadySubmitted),
        dataset,
        pdfAvailable: report.status === 'complete' && canSeeReport(auth, { ...context, report }),
        canConfirmImaging,
      };
    },

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
      await deps.jobs.send('dataset.ingest', { datasetId: moved.id }, { key: `ingest:${moved.id}` });
      return this.state(auth, reportUuid);
    },
  };
}
export type DataService = ReturnType<typeof createDataService>;
