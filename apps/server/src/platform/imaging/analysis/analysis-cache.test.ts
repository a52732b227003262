import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetStatistics, detectStress, measurePhoto } from '../index.ts';
import { generateSampleData, type SampleTruth } from '../sample-data/generate.ts';
import { hasMicasense, MICASENSE_DIR, skipUnlessCi, temporaryDir } from '../test-support/paths.ts';
import { type AnalysisCache, createDiskAnalysisCache, readOnce } from './analysis-cache.ts';

describe('phase 1 → phase 2 hand-over (analysis cache)', () => {
  let dir: { path: string; remove: () => Promise<void> };
  let truth: SampleTruth;
  beforeAll(async () => {
    dir = await temporaryDir();
    // Wider than the HD size, so the photo is decoded, resized to HD and again to the analysis size.
    truth = await generateSampleData({
      outDir: dir.path,
      seed: 4,
      lines: 1,
      photosPerLine: 2,
      photoWidth: 2600,
      photoHeight: 1700,
    });
  }, 60_000);
  afterAll(async () => {
    await dir.remove();
  });

  it('gives phase 2 the same boxes and the same HD JPEG as recomputing, and is emptied as it is used', async () => {
    const inputs = truth.photos.map((photo) => ({ paths: [join(dir.path, photo.file)] }));
    const cache = createDiskAnalysisCache(join(dir.path, 'cache'), 1024 ** 3);
    const slots = inputs.map((_, i) => ({ cache, key: `dataset-1/${i}` }));
    const cold = datasetStatistics(await Promise.all(inputs.map((input) => measurePhoto(input))));
    const warm = datasetStatistics(
      await Promise.all(inputs.map((input, i) => measurePhoto(input, { cache: slots[i] }))),
    );
    expect(warm).toEqual(cold);
    expect(await cache.get('dataset-1/0')).not.toBeNull();

    for (const [i, input] of inputs.entries()) {
      const recomputed = await detectStress(input, cold, {
        hdPath: join(dir.path, `cold-${i}.jpg`),
        imageId: `p${i}`,
      });
      const reused = await detectStress(
        input,
        warm,
        { hdPath: join(dir.path, `warm-${i}.jpg`), imageId: `p${i}` },
        { cache: slots[i] },
      );
      expect(reused).toEqual(recomputed);
      expect(await readFile(join(dir.path, `warm-${i}.jpg`))).toEqual(
        await readFile(join(dir.path, `cold-${i}.jpg`)),
      );
      expect(await cache.get(`dataset-1/${i}`)).toBeNull();
    }
  }, 120_000);

  it('gives the same statistics and boxes when one step at a time reuses its buffers (analysis threads)', async () => {
    const inputs = truth.photos.map((photo) => ({ paths: [join(dir.path, photo.file)] }));
    const cache = createDiskAnalysisCache(join(dir.path, 'reused'), 1024 ** 3, { reuseReadBuffer: true });
    const slots = inputs.map((_, i) => ({ cache, key: `dataset-3/${i}` }));
    const fresh = await Promise.all(inputs.map((input) => measurePhoto(input)));
    const reusedMeasurements = [];
    for (const [i, input] of inputs.entries())
      reusedMeasurements.push(await measurePhoto(input, { cache: slots[i], reuseValueBuffers: true }));
    expect(reusedMeasurements).toEqual(fresh);
    const statistics = datasetStatistics(fresh);
    // Read back in the opposite order, so each read follows another photo's entry in the buffer.
    for (const i of [...inputs.keys()].reverse()) {
      const input = inputs[i] as (typeof inputs)[number];
      const output = (name: string) => ({ hdPath: join(dir.path, `${name}-${i}.jpg`), imageId: `p${i}` });
      const recomputed = await detectStress(input, statistics, output('fresh'));
      const reused = await detectStress(input, statistics, output('reused'), { cache: slots[i] });
      expect(reused).toEqual(recomputed);
    }
  }, 120_000);

  it('takes nothing beyond its size and forgets a dataset at once', async () => {
    const input = { paths: [join(dir.path, truth.photos[0]?.file as string)] };
    const tiny = createDiskAnalysisCache(join(dir.path, 'tiny'), 1000);
    await measurePhoto(input, { cache: { cache: tiny, key: 'd/1' } });
    expect(await tiny.get('d/1')).toBeNull();
    const roomy = createDiskAnalysisCache(join(dir.path, 'roomy'), 1024 ** 3);
    await measurePhoto(input, { cache: { cache: roomy, key: 'd/1' } });
    await roomy.clear('d');
    expect(await roomy.get('d/1')).toBeNull();
  }, 60_000);
});

describe('an entry read once per job (readOnce)', () => {
  it('reads the cache once for repeated gets, and again after the job writes or drops the key', async () => {
    const dir = await temporaryDir();
    try {
      const truth = await generateSampleData({ outDir: dir.path, seed: 5, lines: 1, photosPerLine: 1 });
      const disk = createDiskAnalysisCache(join(dir.path, 'cache'), 1024 ** 3);
      let reads = 0;
      const counted: AnalysisCache = {
        ...disk,
        get(key) {
          reads += 1;
          return disk.get(key);
        },
      };
      const input = { paths: [join(dir.path, truth.photos[0]?.file as string)] };
      await measurePhoto(input, { cache: { cache: disk, key: 'd/1' } });

      const slot = readOnce({ cache: counted, key: 'd/1' });
      const first = await slot.cache.get('d/1');
      expect(first).not.toBeNull();
      expect(await slot.cache.get('d/1')).toBe(first);
      expect(reads).toBe(1);
      await slot.cache.set('d/1', first as NonNullable<typeof first>);
      expect(await slot.cache.get('d/1')).not.toBe(first);
      expect(reads).toBe(2);
      await slot.cache.delete('d/1');
      expect(await slot.cache.get('d/1')).toBeNull();
      expect(reads).toBe(3);
    } finally {
      await dir.remove();
    }
  }, 60_000);
});

describe.skipIf(skipUnlessCi(hasMicasense))('phase 1 → phase 2 hand-over of a band set (MicaSense)', () => {
  let dir: { path: string; remove: () => Promise<void> };
  beforeAll(async () => {
    dir = await temporaryDir();
  });
  afterAll(async () => {
    await dir.remove();
  });

  it('gives phase 2 the same boxes and HD JPEG without reading the bands again', async () => {
    // The flight capture at its known height above ground (SOURCE.md).
    const input = {
      paths: [1, 2, 3, 4, 5].map((band) => join(MICASENSE_DIR, `IMG_0001_${band}.tif`)),
      heightAboveGroundM: 174.527 - 101.861,
    };
    const cache = createDiskAnalysisCache(join(dir.path, 'cache'), 1024 ** 3);
    const slot = { cache, key: 'dataset-2/0' };
    const statistics = datasetStatistics([await measurePhoto(input, { cache: slot })]);
    expect(await cache.get(slot.key)).not.toBeNull();
    const recomputed = await detectStress(input, statistics, {
      hdPath: join(dir.path, 'cold.jpg'),
      imageId: 'ms',
    });
    const reused = await detectStress(
      input,
      statistics,
      { hdPath: join(dir.path, 'warm.jpg'), imageId: 'ms' },
      { cache: slot },
    );
    expect(reused).toEqual(recomputed);
    expect(await readFile(join(dir.path, 'warm.jpg'))).toEqual(await readFile(join(dir.path, 'cold.jpg')));
    expect(await cache.get(slot.key)).toBeNull();
  }, 120_000);
});
