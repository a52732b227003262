import { DATASET_MESSAGES as M } from '@ampelos/domain';
import { describe, expect, it, vi } from 'vitest';
import { StepTimeoutError, withinBudget } from '../../../platform/imaging/index.ts';
import type { JobAttempt, Jobs } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import { renderUploaderFailureMail } from '../data-failure-mails.ts';
import type { DatasetRepository, DatasetRow, UnitRow } from '../repository.ts';
import { createAnalysisJobs, MAX_UNFINISHED_STARTS } from './analysis-jobs.ts';
import { MAX_DATASET_RESUMES, resumeUnfinishedDatasets } from './recover.ts';

const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as Logger;
const dataset = (over: Partial<DatasetRow>) =>
  ({ id: 1, uuid: 'd', status: 'processing', generation: 0, ...over }) as DatasetRow;

function fakeJobs() {
  const sent: { name: string; data: unknown }[] = [];
  const jobs = {
    send: vi.fn(async (name: string, data: unknown) => {
      sent.push({ name, data });
    }),
    sendMany: vi.fn(async () => undefined),
  } as unknown as Jobs;
  return { jobs, sent };
}

describe('no dataset can crash-loop the service', () => {
  it('a dataset resumed too often is failed (the uploaders are told) instead of resumed again', async () => {
    const looping = dataset({ id: 7, status: 'validating', generation: MAX_DATASET_RESUMES });
    const fresh = dataset({ id: 8, status: 'validating', generation: 1 });
    const repository = {
      listUnfinishedDatasets: async () => [looping, fresh],
      bumpGeneration: async (id: number) => (id === 8 ? 2 : 99),
    } as unknown as DatasetRepository;
    const { jobs, sent } = fakeJobs();
    const failDataset = vi.fn(async () => undefined);
    await resumeUnfinishedDatasets({ repository, jobs, logger, failDataset });
    expect(failDataset).toHaveBeenCalledWith(
      looping,
      M.workerStopped,
      expect.stringMatching(/stopped 6 times/),
    );
    expect(sent).toEqual([{ name: 'dataset.ingest', data: { datasetId: 8 } }]);
  });

  it('a unit whose step was started by jobs that never finished is set aside, not run again', async () => {
    const unit = {
      id: 3,
      status: 'pending',
      attempts: MAX_UNFINISHED_STARTS,
      input: { base: 'IMG_1' },
    } as unknown as UnitRow;
    const failUnit = vi.fn(async () => undefined);
    const repository = {
      findDataset: async () => dataset({}),
      findUnit: async () => unit,
      failUnit,
      countUnitAttempt: vi.fn(),
      findReportById: vi.fn(),
      unitStatusCounts: async () => ({ failed: 1 }),
    } as unknown as DatasetRepository;
    const { jobs } = fakeJobs();
    const analysis = createAnalysisJobs({
      repository,
      storage: {} as never,
      jobs,
      logger,
      jobExpireSeconds: 60,
      stepTimeoutSeconds: 60,
      failDataset: vi.fn(),
      threads: {} as never,
    });
    const attempt: JobAttempt = { id: 'j', retryCount: 0, retryLimit: 5, isLastAttempt: false };
    await analysis.measure({ datasetId: 1, unitId: 3, generation: 4 }, attempt);
    expect(failUnit).toHaveBeenCalledWith(3, 'measuring of IMG_1 stopped its worker 3 times');
    expect(repository.countUnitAttempt).not.toHaveBeenCalled();
  });

  it('an analysis step past its time budget fails at once', async () => {
    const never = new Promise<never>(() => undefined);
    const started = Date.now();
    await expect(withinBudget(1, 'measuring of IMG_2', () => never)).rejects.toThrow(StepTimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(withinBudget(5, 'quick', async () => 42)).resolves.toBe(42);
  });

  it('the uploader hears why, in their language', () => {
    const mail = renderUploaderFailureMail({
      lang: 'el',
      firstName: 'Ελένη',
      fieldTitle: 'Νεμέα',
      link: 'http://localhost/fields',
      publicUrl: 'http://localhost',
      reason: M.workerStopped,
    });
    expect(mail.text).toContain('σταμάτησε τον διακομιστή μας αρκετές φορές');
    const english = renderUploaderFailureMail({
      lang: 'en',
      firstName: 'Eleni',
      fieldTitle: 'Nemea',
      link: 'http://localhost/fields',
      publicUrl: 'http://localhost',
      reason: M.noImageAnalysed,
    });
    expect(english.text).toContain(M.noImageAnalysed);
  });
});
