import sharp from 'sharp';
import type { ReportOutputPoint } from '../../platform/db/schema.ts';
import { createField, createManualReport, rectangleRing } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import { hdFileName, PDF_FILE, reportKey, tileFile } from '../datasets/paths.ts';

/** The test field: about 90 × 110 m near Nemea; the photo's corners lie inside it. */
export const RING = rectangleRing(22.71, 37.817, 22.711, 37.818);
const CORNERS: [number, number][] = [
  [22.7101, 37.8179],
  [22.7101, 37.8171],
  [22.7109, 37.8171],
  [22.7109, 37.8179],
];
export const HD = { w: 400, h: 300 };

/** outputData as the pipeline writes it: one photo with two boxes and one orthomosaic window pair. */
export function sampleOutputData(): ReportOutputPoint[] {
  return [
    {
      lng: 22.7105,
      lat: 37.8175,
      file: 'DJI_0001.JPG',
      base: 'DJI_0001',
      corners: CORNERS,
      bboxes: {
        'DJI_0001-1': {
          thr_coords: { x: 10, y: 20, w: 30, h: 40 },
          lng: 22.71012,
          lat: 37.81776,
          colour: 'yellow',
          className: 'Not Classified',
        },
        'DJI_0001-2': {
          thr_coords: { x: 200, y: 100, w: 50, h: 50 },
          lng: 22.71057,
          lat: 37.81745,
          colour: 'red',
          className: 'Not Classified',
        },
      },
    },
    {
      lng: 22.7102,
      lat: 37.8172,
      file: 'ortho.tif',
      base: 'ortho_r0c0',
      bboxes: {
        'ortho_r0c0-1': {
          thr_coords: { x: 5, y: 5, w: 10, h: 10 },
          lng: 22.7102,
          lat: 37.8172,
          colour: 'blue',
          className: 'Not Classified',
        },
      },
    },
    { lng: 22.7103, lat: 37.8173, file: 'ortho.tif', base: 'ortho_r0c1', bboxes: {} },
  ];
}

/**
 * A completed manual report of a new field owned by `owner`, with the files the pipeline writes: the
 * HD photo, tiles of its layers at zooms 17–19 (the HD photos' to 20) and the PDF.
 */
export async function completedReport(
  ctx: TestApp,
  owner: { id: number; companyId: number | null },
  options: { layers?: string[]; createdAt?: Date; pdf?: boolean } = {},
) {
  const layers = options.layers ?? ['ai', 'no_pseu', 'water_stress'];
  const field = await createField(ctx, owner, { ring: RING });
  const report = await createManualReport(ctx, field, {
    status: 'complete',
    processedAt: new Date('2025-06-02T10:00:00Z'),
    layers,
    outputData: sampleOutputData(),
    size: { hd: HD },
    scale: { ratio: { x: 10, y: 10 } },
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  const storage = ctx.storage;
  const jpeg = await sharp({ create: { width: HD.w, height: HD.h, channels: 3, background: '#4a7' } })
    .jpeg()
    .toBuffer();
  await storage.put(reportKey(report.uuid, hdFileName('DJI_0001')), jpeg, 'image/jpeg');
  const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#f00' } })
    .png()
    .toBuffer();
  // As the pipeline tiles photos flown low: the HD photos one zoom deeper than the plant layers.
  for (const layer of layers) {
    for (const z of layer === 'no_pseu' ? [17, 18, 19, 20] : [17, 18, 19])
      await storage.put(reportKey(report.uuid, tileFile(layer, z, 1, 1)), png, 'image/png');
  }
  if (options.pdf !== false) {
    await storage.put(reportKey(report.uuid, PDF_FILE), Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
  }
  return { field, report };
}
