import { keyFromUrl, type Storage } from '../../platform/storage/storage.ts';
import type { ExportData, ExportFile, ListedFile } from './export-document.ts';

/** Report outputs that go into the zip: the PDF and the small data files beside it. */
const INCLUDED_REPORT_PREFIX = 'data_files/';
const EXAMPLES = 5;

function kindOf(rest: string): ListedFile['kind'] {
  if (rest.startsWith('tiles/')) return 'map_tiles';
  if (rest.endsWith('-hd.jpg')) return 'hd_photo';
  return 'other';
}

/**
 * The user's files: profile picture, field snapshots, and of their reports the PDF and data files.
 * A report's HD photos and map tiles can run to gigabytes: they are listed (count, bytes, a few names)
 * and stay available in the report view, so the zip stays a download a person can actually take.
 */
export async function collectExportFiles(storage: Storage, data: ExportData) {
  const included: ExportFile[] = [];
  const listed: ListedFile[] = [];
  async function include(url: string | null, path: string) {
    const key = keyFromUrl(url);
    if (!key) return;
    const info = await storage.stat(key);
    if (info) included.push({ key, path, bytes: info.size });
  }
  const extension = (url: string | null) => url?.match(/\.[a-z0-9]+$/i)?.[0] ?? '';
  await include(data.user.avatarMd, `files/profile/avatar-md${extension(data.user.avatarMd)}`);
  await include(data.user.avatarXs, `files/profile/avatar-xs${extension(data.user.avatarXs)}`);
  for (const field of data.fields) {
    await include(field.avatarMd, `files/fields/${field.uuid}/snapshot-md${extension(field.avatarMd)}`);
    await include(field.avatarXs, `files/fields/${field.uuid}/snapshot-xs${extension(field.avatarXs)}`);
  }
  for (const report of data.reports) {
    const prefix = `reports/${report.uuid}/`;
    const left = new Map<ListedFile['kind'], ListedFile>();
    for await (const { key, size } of storage.list(prefix)) {
      const rest = key.slice(prefix.length);
      if (rest.startsWith(INCLUDED_REPORT_PREFIX)) {
        included.push({ key, path: `files/reports/${report.uuid}/${rest}`, bytes: size });
        continue;
      }
      const kind = kindOf(rest);
      const entry = left.get(kind) ?? { report: report.uuid, kind, files: 0, bytes: 0, examples: [] };
      entry.files += 1;
      entry.bytes += size;
      if (entry.examples.length < EXAMPLES) entry.examples.push(rest);
      left.set(kind, entry);
    }
    listed.push(...left.values());
  }
  // A stable order: the same data gives the same zip listing.
  included.sort((a, b) => a.path.localeCompare(b.path));
  return { included, listed };
}
