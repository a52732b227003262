import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (five levels above this folder). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../../..');

/** Real drone imagery shared beside the repository: `../shared/datasets/<name>` from the repo root. */
export function datasetDir(name: string): string {
  return resolve(REPO_ROOT, '../shared/datasets', name);
}

export const MICASENSE_DIR = datasetDir('micasense-rededge-fresno');
export const SENECA_DIR = datasetDir('odm-seneca-nir-farm');
export const hasMicasense = existsSync(MICASENSE_DIR);
export const hasSeneca = existsSync(SENECA_DIR);

export async function temporaryDir(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'ampelos-imaging-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
