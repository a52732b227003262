// The analysis steps in worker threads: the same results as in this thread, errors handed back,
// and a step past its budget or a thread that stops failing only that step.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDiskAnalysisCache } from '../analysis/analysis-cache.ts';
import { datasetStatistics } from '../analysis/statistics.ts';
import { temporaryDir } from '../test-support/paths.ts';
import type { PhotoInput } from '../types.ts';
import { type AnalysisThreads, createAnalysisThreads } from './analysis-threads.ts';
import { StepTimeoutError } from './step-budget.ts';
import { detectStep, measureStep } from './unit-steps.ts';

/** Vine rows on soil, a few pale plants: enough for both phases to find canopy and boxes. */
async function vineyardPhoto(path: string) {
  const width = 480;
  const height = 360;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const row = y % 40 < 14;
      const pale = row && x % 120 < 20 && y < 200;
      const [r, g, b] = pale ? [170, 170, 70] : row ? [50, 120 + ((x * 7 + y * 3) % 30), 40] : [140, 115, 90];
      pixels.set([r, g, b], (y * width + x) * 3);
    }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toFile(path);
}

describe('analysis threads', () => {
  let dir: { path: string; remove: () => Promise<void> };
  let photoPath: string;
  const budget = { seconds: 120, what: 'measuring of rows.jpg' };

  beforeAll(async () => {
    dir = await temporaryDir();
    photoPath = join(dir.path, 'rows.jpg');
    await vineyardPhoto(photoPath);
  });
  afterAll(async () => {
    await dir.remove();
  });

  /** One thread with its own cache folder (`options` override the defaults), closed after `use`. */
  async function withPool(
    name: string,
    options: Partial<Parameters<typeof createAnalysisThreads>[0]>,
    use: (threads: AnalysisThreads, photo: PhotoInput) => Promise<void>,
  ) {
    const threads = createAnalysisThreads({
      threads: 1,
      cacheDirectory: join(dir.path, name),
      cacheBytes: 1024 ** 3,
      photoMaxPixels: 50_000_000,
      ...options,
    });
    try {
      await use(threads, { paths: [photoPath], heightAboveGroundM: 30 });
    } finally {
      await threads.close();
    }
  }

  it('gives what the steps give in this thread, phase 1 leaving its work in the cache for phase 2', async () => {
    await withPool('same', {}, async (threads, photo) => {
      const measurement = await threads.measure({ photo, cacheKey: 'd/1' }, budget);
      expect(existsSync(join(dir.path, 'same', 'd', '1.bin'))).toBe(true);
      const statistics = datasetStatistics([measurement]);
      const output = { hdPath: join(dir.path, 'thread-hd.jpg'), imageId: 'rows' };
      const inThread = await threads.detect({ photo, statistics, output, cacheKey: 'd/1' }, budget);

      const here = createDiskAnalysisCache(join(dir.path, 'here'), 1024 ** 3);
      expect(await measureStep({ photo, cacheKey: 'd/1' }, here)).toEqual(measurement);
      const hdPath = join(dir.path, 'here-hd.jpg');
      const local = await detectStep(
        { photo, statistics, output: { ...output, hdPath }, cacheKey: 'd/1' },
        here,
      );
      expect(inThread.analysis).toEqual(local.analysis);
      expect(Buffer.isBuffer(inThread.layers)).toBe(true);
      expect(inThread.layers?.equals(local.layers as Buffer)).toBe(true);

      await threads.clear('d');
      expect(await readdir(join(dir.path, 'same'))).toEqual([]);
    });
  }, 60_000);

  it("hands a step's error back with its name and message, and goes on", async () => {
    await withPool('errors', { photoMaxPixels: 1000 }, async (threads, photo) => {
      const failed = threads.measure({ photo, cacheKey: 'd/1' }, budget);
      await expect(failed).rejects.toMatchObject({ name: 'ImageTooLargeError' });
      await expect(
        threads.measure({ photo: { paths: [join(dir.path, 'missing.jpg')] }, cacheKey: 'd/2' }, budget),
      ).rejects.toThrow(/missing\.jpg/);
    });
  }, 60_000);

  it('fails a step past its budget at once, and the next step runs on a new thread', async () => {
    await withPool('budget', {}, async (threads, photo) => {
      const late = threads.measure(
        { photo, cacheKey: 'd/1' },
        { seconds: 0.001, what: 'measuring of rows.jpg' },
      );
      await expect(late).rejects.toThrow(StepTimeoutError);
      await expect(late).rejects.toThrow('measuring of rows.jpg took longer than its budget of 0.001 s');
      await expect(threads.measure({ photo, cacheKey: 'd/2' }, budget)).resolves.toMatchObject({
        sensor: 'rgb',
      });
    });
  }, 60_000);

  it('fails only the step of a thread that stops (out of memory here), and the process goes on', async () => {
    const lost: Error[] = [];
    await withPool(
      'stops',
      {
        resourceLimits: { maxOldGenerationSizeMb: 4, maxYoungGenerationSizeMb: 1 },
        onThreadLost: (error) => lost.push(error),
      },
      async (threads, photo) => {
        await expect(threads.measure({ photo, cacheKey: 'd/1' }, budget)).rejects.toThrow(
          /^analysis thread stopped/,
        );
        expect(lost).toHaveLength(1);
        // The pool starts a new thread for the next step (which, with the same limits, stops too).
        await expect(threads.measure({ photo, cacheKey: 'd/2' }, budget)).rejects.toThrow(
          /^analysis thread stopped/,
        );
        expect(lost).toHaveLength(2);
      },
    );
  }, 60_000);

  it('ends a thread that waited its idle time, and starts one for the next step', async () => {
    await withPool('idle', { idleSeconds: 0.05 }, async (threads, photo) => {
      await threads.measure({ photo, cacheKey: 'd/1' }, budget);
      expect(threads.liveThreads()).toBe(1);
      await vi.waitFor(() => expect(threads.liveThreads()).toBe(0));
      await expect(threads.measure({ photo, cacheKey: 'd/2' }, budget)).resolves.toMatchObject({
        sensor: 'rgb',
      });
    });
  }, 60_000);

  it('fails a step still running when the pool closes, and refuses steps after', async () => {
    let closed: AnalysisThreads | undefined;
    let running: Promise<unknown> | undefined;
    await withPool('closed', {}, async (threads, photo) => {
      closed = threads;
      // Dispatched at once: the thread is still starting when the pool closes.
      running = threads.measure({ photo, cacheKey: 'd/1' }, budget);
      running.catch(() => undefined);
    });
    await expect(running).rejects.toThrow('analysis threads closed');
    await expect(closed?.measure({ photo: { paths: [photoPath] }, cacheKey: 'd/1' }, budget)).rejects.toThrow(
      'analysis threads closed',
    );
  });
});
