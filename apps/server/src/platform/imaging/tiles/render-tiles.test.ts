import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskAnalysisCache } from '../analysis/analysis-cache.ts';
import { detectStress } from '../analysis/detect.ts';
import { measurePhoto } from '../analysis/measure.ts';
import { datasetStatistics } from '../analysis/statistics.ts';
import { readPhotoMetadata } from '../metadata/read-photo-metadata.ts';
import { detectStressInRasterTile, measureRasterTile, planRasterTiles } from '../raster/raster-analysis.ts';
import { readRasterInfo } from '../raster/raster-info.ts';
import { writeGeoTiff } from '../raster/write-geotiff.ts';
import { generateSampleData, type SampleTruth } from '../sample-data/generate.ts';
import { temporaryDir } from '../test-support/paths.ts';
import type { MapLayer, TilePhotoSource } from '../types.ts';
import { AI_PALETTE } from './layer-codes.ts';
import { phaseOneFields, plantLayers } from './plant-layers.ts';
import { renderTiles } from './render-tiles.ts';
import { latToPixelY, lngToPixelX } from './web-mercator.ts';

type Written = Map<string, Buffer>;
const collect =
  (written: Written) => async (layer: MapLayer, z: number, x: number, y: number, png: Buffer) => {
    written.set(`${layer}/${z}/${x}/${y}`, png);
  };

describe('renderTiles', () => {
  let dir: { path: string; remove: () => Promise<void> };
  let truth: SampleTruth;
  beforeAll(async () => {
    dir = await temporaryDir();
    truth = await generateSampleData({
      outDir: dir.path,
      seed: 4,
      lines: 1,
      photosPerLine: 2,
      photoWidth: 600,
      photoHeight: 400,
      orthoHalfSizeM: 8,
      orthoGsdM: 0.08,
    });
  }, 60_000);
  afterAll(async () => {
    await dir.remove();
  });

  it('places photos on their footprints: every analysis layer from the field zoom to native resolution', async () => {
    const inputs = truth.photos.map((photo) => ({ paths: [join(dir.path, photo.file)] }));
    const statistics = datasetStatistics(await Promise.all(inputs.map((input) => measurePhoto(input))));
    const photos: TilePhotoSource[] = [];
    for (const [i, input] of inputs.entries()) {
      photos.push({
        input,
        analysis: await detectStress(input, statistics, {
          hdPath: join(dir.path, `hd-${i}.jpg`),
          imageId: `p${i}`,
        }),
      });
    }
    const written: Written = new Map();
    const summary = await renderTiles({ photos, statistics, minZoom: 18, onTile: collect(written) });
    // 600 px over 37.5 m → 6.25 cm pixels → native zoom 20 at this latitude (512-px tiles).
    expect(summary).toMatchObject({
      minZoom: 18,
      maxZoom: 20,
      tileSize: 512,
      surfaceMin: null,
      surfaceMax: null,
    });
    expect(summary.layers).toEqual(['no_pseu', 'ai', 'comb', 'water_stress', 'beta']);
    expect(summary.tileCount).toBe(written.size);
    for (const layer of summary.layers) {
      for (let z = 18; z <= 20; z++)
        expect([...written.keys()].some((key) => key.startsWith(`${layer}/${z}/`))).toBe(true);
    }
    const [key, png] = [...written.entries()][0] as [string, Buffer];
    expect(await sharp(png).metadata()).toMatchObject({
      format: 'png',
      width: 512,
      height: 512,
      channels: 4,
    });
    // The photo centre falls in a no_pseu tile that is opaque there.
    const centre = truth.photos[0]?.truePose as { lng: number; lat: number };
    const px = lngToPixelX(centre.lng, 20);
    const py = latToPixelY(centre.lat, 20);
    const tile = written.get(`no_pseu/20/${Math.floor(px / 512)}/${Math.floor(py / 512)}`);
    expect(tile, key).toBeDefined();
    const { data } = await sharp(tile as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[(Math.floor(py % 512) * 512 + Math.floor(px % 512)) * 4 + 3]).toBe(255);
    // The stress layer carries the spec's box colours somewhere.
    let stressPixels = 0;
    for (const [name, buffer] of written) {
      if (!name.startsWith('ai/20/')) continue;
      const raw = await sharp(buffer).raw().toBuffer();
      // Any of the four box colours (plant-unit boxes on this scene are mostly magenta and red).
      for (let i = 0; i < raw.length; i += 4)
        if (
          AI_PALETTE.slice(2).some(
            ([r, g, b]) => raw[i] === r && raw[i + 1] === g && raw[i + 2] === b && (raw[i + 3] as number) > 0,
          )
        )
          stressPixels++;
    }
    expect(stressPixels).toBeGreaterThan(0);

    // Same inputs, same tiles.
    const again: Written = new Map();
    await renderTiles({ photos, statistics, minZoom: 18, layers: ['no_pseu'], onTile: collect(again) });
    for (const [name, buffer] of again) expect(buffer.equals(written.get(name) as Buffer)).toBe(true);

    // A photo taken 2 m above the ground (a take-off shot) does not take the pyramid deeper.
    const [first] = photos as [TilePhotoSource];
    const metadata = await readPhotoMetadata(first.input.paths[0] as string);
    const low: TilePhotoSource = {
      input: { ...first.input, metadata: [{ ...metadata, relativeAltitude: 2 }] },
      analysis: first.analysis,
    };
    const withLow = await renderTiles({
      photos: [...photos, low],
      statistics,
      minZoom: 18,
      layers: ['no_pseu'],
      onTile: async () => {},
    });
    expect(withLow.maxZoom).toBe(20);
  }, 60_000);

  it('stops the plant layers at the zoom of the analysis pixel when the HD photo is finer', async () => {
    // 1200 px over 37.5 m → 3.1 cm HD pixels (zoom 21); analysed at 10 cm but on at least 512 px,
    // so the plant layers have 7.3 cm pixels (zoom 20) and deeper tiles would only enlarge them.
    const sample = await generateSampleData({
      outDir: join(dir.path, 'fine'),
      seed: 5,
      lines: 1,
      photosPerLine: 1,
    });
    const input = { paths: [join(dir.path, 'fine', sample.photos[0]?.file as string)] };
    const detect = { analysisGsdM: 0.1 };
    const slot = { cache: createDiskAnalysisCache(join(dir.path, 'fine-cache'), 1024 ** 3), key: 'fine' };
    const statistics = datasetStatistics([await measurePhoto(input, { ...detect, cache: slot })]);
    const fields = await phaseOneFields(input, slot, detect);
    if (!fields) throw new Error('phase 1 left no fields');
    const hdPath = join(dir.path, 'fine-hd.jpg');
    const analysis = await detectStress(
      input,
      statistics,
      { hdPath, imageId: 'fine' },
      { ...detect, cache: slot },
    );
    const layers = plantLayers(fields, statistics);
    // As the finalize job passes a photo whose layers were kept: its metadata, not its file.
    const photo: TilePhotoSource = {
      input: { paths: [], metadata: [await readPhotoMetadata(input.paths[0] as string)] },
      analysis,
      prepared: async () => ({ hdJpeg: await readFile(hdPath), layers }),
    };
    const written: Written = new Map();
    const summary = await renderTiles({
      photos: [photo],
      statistics,
      minZoom: 18,
      detect,
      onTile: collect(written),
    });
    expect(summary.maxZoom).toBe(21);
    expect(summary.layerMaxZoom).toMatchObject({ no_pseu: 21, ai: 20, comb: 20 });
    const zooms = (layer: MapLayer) =>
      [
        ...new Set(
          [...written.keys()]
            .filter((key) => key.startsWith(`${layer}/`))
            .map((key) => Number(key.split('/')[1])),
        ),
      ].sort();
    expect(zooms('no_pseu')).toEqual([18, 19, 20, 21]);
    expect(zooms('ai')).toEqual([18, 19, 20]);
    expect(zooms('comb')).toEqual([18, 19, 20]);
    // The photo layer is the same as when it is tiled alone: only the plant layers moved.
    const hdOnly: Written = new Map();
    await renderTiles({
      photos: [photo],
      statistics,
      minZoom: 18,
      detect,
      layers: ['no_pseu'],
      onTile: collect(hdOnly),
    });
    for (const [name, buffer] of hdOnly) expect(written.get(name)?.equals(buffer), name).toBe(true);
  }, 60_000);

  it('reprojects a UTM GeoTIFF to Web Mercator and adds the surface model from a DSM', async () => {
    const path = join(dir.path, truth.orthomosaic?.file as string);
    const info = await readRasterInfo(path);
    const tiles = planRasterTiles(info);
    const statistics = datasetStatistics(
      await Promise.all(tiles.map((tile) => measureRasterTile(path, tile))),
    );
    const analyses = await Promise.all(
      tiles.map(async (tile) => ({
        tile,
        analysis: await detectStressInRasterTile(path, tile, statistics, {
          hdPath: join(dir.path, `o-${tile.id}.jpg`),
          imageId: tile.id,
        }),
      })),
    );
    const dsmPath = join(dir.path, 'dsm.tif');
    const gt = info.geoTransform as [number, number, number, number, number, number];
    await writeGeoTiff(dsmPath, {
      width: 100,
      height: 100,
      bands: 1,
      sampleType: 'float32',
      geoTransform: [gt[0], 0.16, 0, gt[3], 0, -0.16],
      epsg: info.epsg as number,
      noData: -9999,
      renderWindow: (x, y, w, h) =>
        Float32Array.from({ length: w * h }, (_, i) => 310 + (x + (i % w) + (y + Math.floor(i / w))) * 0.02),
    });
    const written: Written = new Map();
    const summary = await renderTiles({
      raster: { path, analyses },
      dsmPath,
      statistics,
      minZoom: 19,
      onTile: collect(written),
    });
    // 8 cm pixels → native zoom 20.
    expect(summary.maxZoom).toBe(20);
    expect(summary.layers).toContain('dsm');
    expect(summary.layers).toContain('no_pseu');
    expect(summary.surfaceMin).toBeCloseTo(310, 1);
    expect(summary.surfaceMax).toBeCloseTo(313.96, 1);
    // The mosaic's bounds are the GeoTIFF footprint in WGS84.
    const ring = info.footprint?.coordinates[0] as [number, number][];
    expect(summary.bounds[0]).toBeCloseTo(Math.min(...ring.map((p) => p[0])), 9);
    expect(summary.bounds[3]).toBeCloseTo(Math.max(...ring.map((p) => p[1])), 9);
    // A pixel at the raster's centre is opaque in the HD layer and matches the raster's colour.
    const centre = ring.reduce(
      (sum, p) => [sum[0] + p[0] / ring.length, sum[1] + p[1] / ring.length],
      [0, 0],
    );
    const px = lngToPixelX(centre[0] as number, 20);
    const py = latToPixelY(centre[1] as number, 20);
    const tile = written.get(`no_pseu/20/${Math.floor(px / 512)}/${Math.floor(py / 512)}`) as Buffer;
    const { data } = await sharp(tile).raw().toBuffer({ resolveWithObject: true });
    expect(data[(Math.floor(py % 512) * 512 + Math.floor(px % 512)) * 4 + 3]).toBe(255);

    // The High Definition layer alone takes the fast 8-bit path: same tiles as with the analysis.
    const hdOnly: Written = new Map();
    await renderTiles({
      raster: { path, analyses },
      statistics,
      minZoom: 19,
      layers: ['no_pseu'],
      onTile: collect(hdOnly),
    });
    const hdTiles = [...written.entries()].filter(([name]) => name.startsWith('no_pseu/'));
    expect(hdOnly.size).toBe(hdTiles.length);
    for (const [name, buffer] of hdTiles) expect(hdOnly.get(name)?.equals(buffer), name).toBe(true);
  }, 60_000);
});
