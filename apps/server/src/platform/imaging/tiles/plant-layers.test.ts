import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskAnalysisCache } from '../analysis/analysis-cache.ts';
import { detectStress } from '../analysis/detect.ts';
import { measurePhoto } from '../analysis/measure.ts';
import { scoreFields } from '../analysis/scores.ts';
import { datasetStatistics } from '../analysis/statistics.ts';
import { generateSampleData, type SampleTruth } from '../sample-data/generate.ts';
import { temporaryDir } from '../test-support/paths.ts';
import { CODED_LAYERS, codeLayers, paintLayers } from './layer-codes.ts';
import { decodePlantLayers, encodePlantLayers, phaseOneFields, plantLayers } from './plant-layers.ts';

describe('plant layers kept by phase 2', () => {
  let dir: { path: string; remove: () => Promise<void> };
  let truth: SampleTruth;
  beforeAll(async () => {
    dir = await temporaryDir();
    truth = await generateSampleData({
      outDir: dir.path,
      seed: 7,
      lines: 1,
      photosPerLine: 1,
      photoWidth: 600,
      photoHeight: 400,
    });
  }, 60_000);
  afterAll(async () => {
    await dir.remove();
  });

  it("paint the same layer codes as the photo's own fields, after a round trip through storage", async () => {
    const input = { paths: [join(dir.path, truth.photos[0]?.file as string)] };
    const cache = createDiskAnalysisCache(join(dir.path, 'cache'), 1024 ** 3);
    const slot = { cache, key: 'unit' };
    expect(await phaseOneFields(input, slot)).toBeNull();
    const statistics = datasetStatistics([await measurePhoto(input, { cache: slot })]);
    const fields = await phaseOneFields(input, slot);
    if (!fields) throw new Error('phase 1 left no fields');
    // A band set's fields do not record its invalid borders: none are kept for it.
    expect(
      await phaseOneFields({ paths: [input.paths[0] as string, input.paths[0] as string] }, slot),
    ).toBeNull();

    const analysis = await detectStress(
      input,
      statistics,
      { hdPath: join(dir.path, 'hd.jpg'), imageId: 'p' },
      { cache: slot },
    );
    expect(analysis.boxes.length).toBeGreaterThan(0);
    const file = await encodePlantLayers(plantLayers(fields, statistics));
    const kept = await decodePlantLayers(file);
    expect(kept).toMatchObject({ width: fields.width, height: fields.height });
    // Codes for the domain pixels only and packed masks: less than two of the byte planes painted from them.
    expect(file.length).toBeLessThan(2 * fields.width * fields.height);

    const scale = fields.width / analysis.hd.w;
    const boxes = analysis.boxes.map((box) => ({
      x: box.thr_coords.x * scale,
      y: box.thr_coords.y * scale,
      w: box.thr_coords.w * scale,
      h: box.thr_coords.h * scale,
      box,
    }));
    const wanted = new Set(CODED_LAYERS);
    const painted = paintLayers(kept, boxes, wanted);
    const direct = codeLayers(fields, scoreFields(fields, statistics, {}), boxes, wanted);
    expect(Object.keys(painted).sort()).toEqual(Object.keys(direct).sort());
    for (const layer of CODED_LAYERS) expect(painted[layer], layer).toEqual(direct[layer]);
    // The boxes are on the ai layer: stress colours (codes 2–5) on canopy.
    expect((painted.ai as Uint8Array).some((code) => code >= 2)).toBe(true);

    await expect(decodePlantLayers(file.subarray(0, file.length - 10))).rejects.toThrow();
  }, 60_000);
});
