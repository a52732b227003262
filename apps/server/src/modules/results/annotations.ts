import { type BoxAnnotation, RESULTS_MESSAGES as M, NOT_CLASSIFIED_LABEL } from '@ampelos/domain';
import type { ReportBox, ReportOutputPoint } from '../../platform/db/schema.ts';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';

/** Base of a point's HD photo: stored since the results viewer; older points from a box id or the file. */
export function hdBase(point: ReportOutputPoint): string {
  if (point.base) return point.base;
  const firstBoxId = Object.keys(point.bboxes)[0];
  if (firstBoxId) return firstBoxId.replace(/-[^-]+$/, '');
  return point.file.replace(/\.[^.]*$/, '');
}

/**
 * The point an annotation names: by `file` (the spec's key), narrowed by `base` when given and by
 * the box when one is named. An orthomosaic's windows share a file, so a new box there needs `base`.
 */
export function findPhotoIndex(
  points: readonly ReportOutputPoint[],
  target: Pick<BoxAnnotation, 'file' | 'base' | 'bboxId'>,
): number {
  const matches = points
    .map((point, index) => ({ point, index }))
    .filter(({ point }) => point.file === target.file || hdBase(point) === target.file)
    .filter(({ point }) => target.base === undefined || hdBase(point) === target.base)
    .filter(({ point }) => target.bboxId === undefined || Object.hasOwn(point.bboxes, target.bboxId));
  if (matches.length === 1) return matches[0]?.index ?? -1;
  if (matches.length === 0 && target.bboxId !== undefined) {
    // Tell "no such box" from "no such photo" so the caller knows which id is wrong.
    const photoExists = points.some((p) => p.file === target.file || hdBase(p) === target.file);
    if (photoExists) throw notFound(M.boxNotFound);
  }
  if (matches.length > 1) throw badRequest(M.photoNotFound, 'base');
  throw notFound(M.photoNotFound);
}

/**
 * The ground position of an HD pixel: bilinear between the image's corners (top-left, bottom-left,
 * bottom-right, top-right). The footprint is a rectangle on the ground a few hundred metres wide at
 * most, so interpolating in degrees is exact to millimetres.
 */
export function pixelToLngLat(
  corners: readonly [number, number][],
  size: { w: number; h: number },
  x: number,
  y: number,
): [number, number] {
  const [tl, bl, br, tr] = corners as [
    [number, number],
    [number, number],
    [number, number],
    [number, number],
  ];
  const u = x / size.w;
  const v = y / size.h;
  const lerp = (i: 0 | 1) =>
    (1 - u) * (1 - v) * tl[i] + (1 - u) * v * bl[i] + u * v * br[i] + u * (1 - v) * tr[i];
  return [lerp(0), lerp(1)];
}

export interface Annotator {
  name: string;
  now: Date;
}

function annotate(box: ReportBox, input: BoxAnnotation, by: Annotator): ReportBox {
  const { factor: _f, comment: _c, annotatedAt: _a, annotatedBy: _b, ...rest } = box;
  const factor = input.factor ?? null;
  if (!factor && !input.comment) return rest;
  return {
    ...rest,
    ...(factor ? { factor } : {}),
    ...(input.comment ? { comment: input.comment } : {}),
    annotatedAt: by.now.toISOString(),
    annotatedBy: by.name,
  };
}

const clearsAnnotation = (input: BoxAnnotation) => !input.factor && !input.comment;

/**
 * Saves an annotation on an existing box. Clearing a drawn box removes it (it exists only for its
 * annotation); clearing a found box keeps the box. Answers the new list and the box (null if removed).
 */
export function annotateExistingBox(
  points: readonly ReportOutputPoint[],
  input: BoxAnnotation & { bboxId: string },
  by: Annotator,
) {
  const index = findPhotoIndex(points, input);
  const point = points[index] as ReportOutputPoint;
  const box = point.bboxes[input.bboxId] as ReportBox;
  const bboxes = { ...point.bboxes };
  let saved: ReportBox | null = null;
  if (box.drawn && clearsAnnotation(input)) delete bboxes[input.bboxId];
  else {
    saved = annotate(box, input, by);
    bboxes[input.bboxId] = saved;
  }
  const outputData = points.map((p, i) => (i === index ? { ...point, bboxes } : p));
  return { outputData, point: outputData[index] as ReportOutputPoint, id: input.bboxId, box: saved };
}

/** A new box id on a photo: `{base}-u{n}`, never reusing a number of the same photo. */
function drawnBoxId(point: ReportOutputPoint): string {
  const base = hdBase(point);
  let highest = 0;
  for (const id of Object.keys(point.bboxes)) {
    const match = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-u(\\d+)$`).exec(id);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `${base}-u${highest + 1}`;
}

/**
 * Adds a box the user drew (HD pixels, checked against the photo's size) with its ground position
 * from the photo's corners, and its annotation.
 */
export function addDrawnBox(
  points: readonly ReportOutputPoint[],
  input: BoxAnnotation & { thr_coords: NonNullable<BoxAnnotation['thr_coords']> },
  hdSize: { w: number; h: number },
  by: Annotator,
) {
  if (clearsAnnotation(input)) throw badRequest(M.boxOrArea, 'factor');
  const index = findPhotoIndex(points, { file: input.file, base: input.base });
  const point = points[index] as ReportOutputPoint;
  if (point.corners?.length !== 4) throw new AppError(409, M.cannotPlaceBox);
  const { x, y, w, h } = input.thr_coords;
  if (x + w > hdSize.w || y + h > hdSize.h) throw badRequest(M.boxOutsidePhoto, 'thr_coords');
  const rounded = { x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h) };
  const [lng, lat] = pixelToLngLat(point.corners, hdSize, x + w / 2, y + h / 2);
  const id = drawnBoxId(point);
  const box = annotate(
    { thr_coords: rounded, lng, lat, colour: '', className: NOT_CLASSIFIED_LABEL, drawn: true },
    input,
    by,
  );
  const outputData = points.map((p, i) =>
    i === index ? { ...point, bboxes: { ...point.bboxes, [id]: box } } : p,
  );
  return { outputData, point: outputData[index] as ReportOutputPoint, id, box };
}
