import type { TruthBox } from './generate.ts';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DetectionScore {
  truePositives: number;
  /** Unmatched detections on a plant cut by the frame: neither right nor wrong. */
  ignored: number;
  /** Detections that count: all but the ignored ones (precision's denominator). */
  counted: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  f1: number;
}

function iou(a: Rect, b: Rect): number {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.w, b.x + b.w);
  const y1 = Math.min(a.y + a.h, b.y + b.h);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  return inter / (a.w * a.h + b.w * b.h - inter);
}

function centreInside(detected: Rect, truth: Rect): boolean {
  const cx = detected.x + detected.w / 2;
  const cy = detected.y + detected.h / 2;
  return cx >= truth.x && cx <= truth.x + truth.w && cy >= truth.y && cy <= truth.y + truth.h;
}

const matchesBox = (box: Rect, target: Rect) => iou(box, target) >= 0.3 || centreInside(box, target);

/**
 * One-to-one greedy matching, best IoU first: a detection is a true positive when its centre lies
 * inside a ground-truth box or their IoU is at least 0.3. A detection left unmatched that meets a
 * `partial` box (a stressed plant cut by the frame, not expected) is ignored, as detection
 * benchmarks treat "don't care" regions.
 */
export function scoreDetections(
  detected: Rect[],
  truth: TruthBox[],
  partial: Rect[] = [],
): DetectionScore & { matches: [number, number][] } {
  const candidates: { d: number; t: number; score: number }[] = [];
  detected.forEach((box, d) => {
    truth.forEach((target, t) => {
      if (matchesBox(box, target)) candidates.push({ d, t, score: iou(box, target) });
    });
  });
  candidates.sort((a, b) => b.score - a.score);
  const usedDetections = new Set<number>();
  const usedTruth = new Set<number>();
  const matches: [number, number][] = [];
  for (const { d, t } of candidates) {
    if (usedDetections.has(d) || usedTruth.has(t)) continue;
    usedDetections.add(d);
    usedTruth.add(t);
    matches.push([d, t]);
  }
  const truePositives = matches.length;
  const ignored = detected.filter(
    (box, d) => !usedDetections.has(d) && partial.some((p) => matchesBox(box, p)),
  ).length;
  const counted = detected.length - ignored;
  const falsePositives = counted - truePositives;
  const falseNegatives = truth.length - truePositives;
  const precision = counted ? truePositives / counted : 1;
  const recall = truth.length ? truePositives / truth.length : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { truePositives, ignored, counted, falsePositives, falseNegatives, precision, recall, f1, matches };
}
