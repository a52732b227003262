import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (five levels above this folder). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../../..');

/**
 * Real drone imagery shared beside the repository: `AMPELOS_DATASETS_DIR`, else `../shared/datasets`
 * from the repo root, else the workplace's `/work/shared/datasets` (a clone elsewhere, e.g. CI's).
 */
const DATASETS_ROOT =
  [process.env.AMPELOS_DATASETS_DIR, resolve(REPO_ROOT, '../shared/datasets'), '/work/shared/datasets'].find(
    (dir): dir is string => Boolean(dir && existsSync(dir)),
  ) ?? resolve(REPO_ROOT, '../shared/datasets');

export function datasetDir(name: string): string {
  return resolve(DATASETS_ROOT, name);
}

/**
 * Skip a test whose prerequisite (a dataset, a Debian tool, PostgreSQL) is missing only on a developer's
 * machine: in CI (`CI=true`) the test runs and fails loudly instead of passing by skipping.
 */
export const skipUnlessCi = (available: boolean): boolean => !available && process.env.CI !== 'true';

export const MICASENSE_DIR = datasetDir('micasense-rededge-fresno');
export const SENECA_DIR = datasetDir('odm-seneca-nir-farm');
export const DJI_PARK_DIR = datasetDir('dji-phantom3-brighton-beach');
export const hasMicasense = existsSync(MICASENSE_DIR);
export const hasDjiPark = existsSync(DJI_PARK_DIR);
export const hasSeneca = existsSync(SENECA_DIR);

export async function temporaryDir(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'ampelos-imaging-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
