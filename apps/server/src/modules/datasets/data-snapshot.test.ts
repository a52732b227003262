import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets, reports } from '../../platform/db/schema.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { createDataService } from './data-service.ts';
import { createDatasetRepository, type DatasetSnapshots, datasetSnapshots } from './repository.ts';
import { customerWithReport } from './test-support.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

// Another connection commits while the panel reads: PostgreSQL only (PGlite has one connection).
describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB === 'pglite')(
  "the upload panel's state on one snapshot",
  () => {
    it('shows a report and its dataset as they stood together when both move between its reads', async () => {
      const { user, report } = await customerWithReport(ctx);
      const db = ctx.database.db;
      await db.update(reports).set({ status: 'processing_data' }).where(eq(reports.id, report.id));
      const [dataset] = await db
        .insert(datasets)
        .values({ reportId: report.id, status: 'processing' })
        .returning();
      // What the pipeline's completion does, in one transaction, right after the panel read the dataset.
      const completeBoth = () =>
        db.transaction(async (tx) => {
          await tx.update(reports).set({ status: 'complete' }).where(eq(reports.id, report.id));
          await tx
            .update(datasets)
            .set({ status: 'complete' })
            .where(eq(datasets.id, dataset?.id ?? 0));
        });
      const completingAfterFirstRead =
        (snapshot: DatasetSnapshots): DatasetSnapshots =>
        (read) =>
          snapshot((repository) =>
            read({
              ...repository,
              async latestDataset(reportId) {
                const latest = await repository.latestDataset(reportId);
                await completeBoth();
                return latest;
              },
            }),
          );
      const auth = { user } as unknown as AuthContext;
      const stateWith = (snapshot: DatasetSnapshots) =>
        createDataService({
          repository: createDatasetRepository(db),
          snapshot: completingAfterFirstRead(snapshot),
          jobs: {} as Jobs,
        }).state(auth, report.uuid);
      const reset = async () => {
        await db.update(reports).set({ status: 'processing_data' }).where(eq(reports.id, report.id));
        await db
          .update(datasets)
          .set({ status: 'processing' })
          .where(eq(datasets.id, dataset?.id ?? 0));
      };

      // Read by read, the panel would show a complete dataset under a report still processing its data.
      const unsafe = await stateWith((read) => read(createDatasetRepository(db)));
      expect([unsafe.report.status, unsafe.dataset?.dataset.status]).toEqual(['processing_data', 'complete']);

      await reset();
      const consistent = await stateWith(datasetSnapshots(db));
      expect([consistent.report.status, consistent.dataset?.dataset.status]).toEqual([
        'processing_data',
        'processing',
      ]);
      // The next poll sees both complete.
      const next = await createDataService({
        repository: createDatasetRepository(db),
        snapshot: datasetSnapshots(db),
        jobs: {} as Jobs,
      }).state(auth, report.uuid);
      expect([next.report.status, next.dataset?.dataset.status]).toEqual(['complete', 'complete']);
    });
  },
);
