import type { Readable } from 'node:stream';
import type { DataExportView, Lang } from '@ampelos/domain';
import yazl from 'yazl';
import { notFound } from '../../platform/http/errors.ts';
import type { JobAttempt, Jobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { CommerceQueries } from '../commerce/repository.ts';
import type { MailService } from '../mail/service.ts';
import { type ExportData, exportDocument } from './export-document.ts';
import { collectExportFiles } from './export-files.ts';
import type { DataExportRow, PrivacyRepository } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
// Progress is written at most this often: a zip of thousands of small files must not write as often.
const PROGRESS_INTERVAL_MS = 1000;

export const exportKey = (userUuid: string, exportId: string) => `exports/${userUuid}/${exportId}.zip`;
export const exportDownloadUrl = (exportId: string) => `/api/user/export/${exportId}/download`;

export function presentExport(row: DataExportRow, now = new Date()): DataExportView {
  const downloadable = row.status === 'ready' && row.storageKey !== null && (row.expiresAt ?? now) > now;
  return {
    id: row.id,
    status: row.status === 'ready' && !downloadable ? 'expired' : (row.status as DataExportView['status']),
    filesTotal: row.filesTotal,
    filesDone: row.filesDone,
    bytes: row.bytes,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: downloadable ? exportDownloadUrl(row.id) : null,
  };
}

/** A user's copy of their own data: asked for by them, built by a job, downloaded by them alone. */
export function createExportService(deps: {
  privacy: PrivacyRepository;
  orders: Pick<CommerceQueries, 'listOrders'>;
  storage: Storage;
  jobs: Jobs;
  mail: MailService;
  publicUrl: string;
  exportDays: number;
  logger: Logger;
}) {
  async function gather(userId: number): Promise<ExportData | null> {
    const user = await deps.privacy.findUser(userId);
    if (!user || user.deletedAt) return null;
    const [company, sessions, addresses, fields, reports, orders, notifications, emails] = await Promise.all([
      user.companyId === null ? null : deps.privacy.companyOf(user.companyId),
      deps.privacy.sessionsOf(userId),
      deps.privacy.addressesOf(userId),
      deps.privacy.fieldsOf(userId),
      deps.privacy.reportsOf(userId),
      deps.orders.listOrders(userId),
      deps.privacy.notificationsOf(userId),
      deps.privacy.emailsTo(user.email),
    ]);
    return {
      user,
      company: company ?? null,
      sessions,
      addresses,
      fields,
      reports,
      orders,
      notifications,
      emails,
    };
  }

  async function openFile(key: string): Promise<Readable> {
    const file = await deps.storage.get(key);
    if (!file) throw new Error(`export file vanished: ${key}`);
    return file.stream;
  }

  /** Streams the zip into storage entry by entry; resolves with its size. */
  async function writeZip(row: DataExportRow, data: ExportData, now: Date) {
    const files = await collectExportFiles(deps.storage, data);
    await deps.privacy.updateExport(row.id, { filesTotal: files.included.length, filesDone: 0 });
    const zip = new yazl.ZipFile();
    const json = Buffer.from(JSON.stringify(exportDocument(data, files, now), null, 2));
    zip.addBuffer(json, 'ampelos-data.json', { mtime: now });
    let done = 0;
    let lastWrite = 0;
    // Progress is written one write after another and awaited before the zip counts as written: a
    // late write would otherwise land after the final one and show a ready export half done.
    let progress: Promise<unknown> = Promise.resolve();
    const output = zip.outputStream as Readable;
    // A file that cannot be read fails the zip (and the job, which retries) instead of a short archive.
    zip.on('error', (error: Error) => output.destroy(error));
    for (const file of files.included) {
      // Photos and PDFs are compressed already: stored as they are. Opened one at a time, when reached.
      zip.addReadStreamLazy(file.path, { mtime: now, compress: false, size: file.bytes }, (callback) => {
        openFile(file.key).then(
          (stream) => {
            stream.once('end', () => {
              done += 1;
              if (Date.now() - lastWrite < PROGRESS_INTERVAL_MS) return;
              lastWrite = Date.now();
              const filesDone = done;
              progress = progress.then(() =>
                deps.privacy.updateExport(row.id, { filesDone }).catch(() => {}),
              );
            });
            callback(null, stream);
          },
          (error: Error) => callback(error, undefined as unknown as Readable),
        );
      });
    }
    zip.end();
    const bytes = await deps.storage.putStream(exportKey(data.user.uuid, row.id), output, 'application/zip');
    await progress;
    return { bytes, files: files.included.length };
  }

  return {
    /** Starts an export, or answers the one already on its way (one at a time per user). */
    async request(auth: AuthContext): Promise<DataExportRow> {
      const latest = await deps.privacy.latestExport(auth.user.id);
      if (latest && (latest.status === 'queued' || latest.status === 'running')) return latest;
      const row = await deps.privacy.insertExport(auth.user.id);
      await deps.jobs.send('privacy.export', { exportId: row.id }, { key: row.id });
      return row;
    },

    latest: (auth: AuthContext) => deps.privacy.latestExport(auth.user.id),

    /** The zip of an export, to its owner only; anyone else is told it does not exist. */
    async download(auth: AuthContext, exportId: string, now = new Date()) {
      const row = await deps.privacy.findExport(exportId);
      if (!row || row.userId !== auth.user.id) throw notFound();
      if (!presentExport(row, now).downloadUrl || !row.storageKey) throw notFound();
      const file = await deps.storage.get(row.storageKey);
      if (!file) throw notFound();
      return { ...file, createdAt: row.createdAt };
    },

    /** The `privacy.export` job: idempotent (a ready export is left alone; a crashed run starts over). */
    async run(exportId: string, attempt: JobAttempt, now = new Date()) {
      const row = await deps.privacy.findExport(exportId);
      if (!row || row.status === 'ready' || row.status === 'failed') return;
      const data = await gather(row.userId);
      if (!data) {
        await deps.privacy.updateExport(row.id, {
          status: 'failed',
          error: 'account closed',
          finishedAt: now,
        });
        return;
      }
      await deps.privacy.updateExport(row.id, { status: 'running', filesDone: 0, error: null });
      try {
        const { bytes, files } = await writeZip(row, data, now);
        const finishedAt = new Date();
        await deps.privacy.updateExport(row.id, {
          status: 'ready',
          storageKey: exportKey(data.user.uuid, row.id),
          bytes,
          filesDone: files,
          finishedAt,
          expiresAt: new Date(finishedAt.getTime() + deps.exportDays * DAY_MS),
        });
      } catch (error) {
        deps.logger.error({ err: error, exportId }, 'data export failed');
        if (attempt.isLastAttempt)
          await deps.privacy.updateExport(row.id, {
            status: 'failed',
            error: 'export failed',
            finishedAt: now,
          });
        throw error;
      }
      await deps.mail.queue({
        to: data.user.email,
        template: 'data_export_ready',
        lang: (data.user.lang === 'el' ? 'el' : 'en') satisfies Lang,
        firstName: data.user.firstName,
        link: `${deps.publicUrl}/profile/settings`,
      });
    },

    /** Removes the zips whose download time is over (part of the daily privacy run). */
    async removeExpired(now: Date) {
      let removed = 0;
      for (const row of await deps.privacy.expiredExports(now)) {
        if (row.storageKey) await deps.storage.delete(row.storageKey);
        await deps.privacy.updateExport(row.id, { storageKey: null });
        removed += 1;
      }
      return removed;
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;
