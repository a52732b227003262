import { PassThrough, type Readable } from 'node:stream';
import { plantClass, stressFactorName } from '@ampelos/domain';
import yazl from 'yazl';
import type { ReportOutputPoint } from '../../platform/db/schema.ts';
import { cropToJpeg, imageSize } from '../../platform/imaging/derived-images.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { hdFileName, reportKey } from '../datasets/paths.ts';
import { hdBase } from './annotations.ts';
import { presentBox } from './presenter.ts';

/** A crop shows the plant with this share of its box around it, so a model sees its surroundings. */
const CROP_MARGIN = 0.25;

export interface AnnotatedReport {
  uuid: string;
  outputData: ReportOutputPoint[];
  size: { hd: { w: number; h: number } } | null;
}

interface Labelled {
  report: AnnotatedReport;
  point: ReportOutputPoint;
  id: string;
  crop: string;
}

/** Every box a person gave a stress factor, with the file name of its crop in the zip. */
export function labelledPlants(reports: readonly AnnotatedReport[]): Labelled[] {
  return reports.flatMap((report) =>
    report.outputData.flatMap((point) =>
      Object.entries(point.bboxes)
        .filter(([, box]) => Boolean(box.factor))
        .map(([id]) => ({ report, point, id, crop: `crops/${report.uuid}/${id}.jpg` })),
    ),
  );
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The box with its margin, clamped to the photo. */
async function cropOf(hd: Buffer, box: { x: number; y: number; w: number; h: number }) {
  const { width, height } = (await imageSize(hd)) ?? { width: 0, height: 0 };
  const left = Math.max(0, Math.floor(box.x - box.w * CROP_MARGIN));
  const top = Math.max(0, Math.floor(box.y - box.h * CROP_MARGIN));
  const right = Math.min(width, Math.ceil(box.x + box.w * (1 + CROP_MARGIN)));
  const bottom = Math.min(height, Math.ceil(box.y + box.h * (1 + CROP_MARGIN)));
  if (right - left < 1 || bottom - top < 1) return null;
  return cropToJpeg(hd, { left, top, width: right - left, height: bottom - top }, 90);
}

/**
 * The labelled set as a zip: `labels.geojson` (one feature per annotated plant: its outline on the
 * ground or its position, the factor, its class, the box in the HD photo, the crop's name) and the
 * crops. No person is named in it: who annotated stays in the report (see docs/decisions/datasets.md).
 */
export function annotationZip(storage: Storage, reports: readonly AnnotatedReport[], now: Date): Readable {
  const zip = new yazl.ZipFile();
  const output = new PassThrough();
  (zip.outputStream as Readable).on('error', (error) => output.destroy(error)).pipe(output);
  const plants = labelledPlants(reports);
  (async () => {
    const features: unknown[] = [];
    const photos = new Map<string, Buffer | null>();
    for (const { report, point, id, crop } of plants) {
      const base = hdBase(point);
      const photoKey = reportKey(report.uuid, hdFileName(base));
      if (!photos.has(photoKey)) {
        const file = await storage.get(photoKey);
        photos.clear();
        photos.set(photoKey, file ? await readAll(file.stream) : null);
      }
      const hd = photos.get(photoKey);
      const box = presentBox(
        id,
        point.bboxes[id] as NonNullable<ReportOutputPoint['bboxes'][string]>,
        point,
        report.size?.hd ?? null,
      );
      const image = hd ? await cropOf(hd, box) : null;
      if (image) zip.addBuffer(image, crop, { mtime: now, compress: false });
      const factor = box.factor as string;
      features.push({
        type: 'Feature',
        geometry: box.ring
          ? { type: 'Polygon', coordinates: [box.ring] }
          : { type: 'Point', coordinates: [box.lng, box.lat] },
        properties: {
          report: report.uuid,
          photo: point.file,
          hdPhoto: hdFileName(base),
          boxId: id,
          bbox: [box.x, box.y, box.w, box.h],
          factor,
          factorName: factor === 'other' ? null : stressFactorName(factor),
          class: plantClass(box).key,
          comment: box.comment,
          drawnByPerson: box.drawn,
          analysisColour: box.colour,
          annotatedAt: box.annotatedAt,
          crop: image ? crop : null,
        },
      });
    }
    const labels = { type: 'FeatureCollection', exportedAt: now.toISOString(), features };
    zip.addBuffer(Buffer.from(JSON.stringify(labels, null, 2)), 'labels.geojson', { mtime: now });
    zip.end();
  })().catch((error: Error) => output.destroy(error));
  return output;
}
