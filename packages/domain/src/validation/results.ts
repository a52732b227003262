import { z } from 'zod';
import { OTHER_STRESS_FACTOR, STRESS_FACTOR_IDS } from '../catalogues/stress-factors.ts';
import { RESULTS_MESSAGES } from '../views/results.ts';

export const ANNOTATION_COMMENT_MAX = 1000;
/** Largest HD photo side we accept coordinates for (the pipeline writes 2048 px). */
const HD_PIXEL_MAX = 20_000;
const pixel = z.number().finite().min(0).max(HD_PIXEL_MAX);

/**
 * `POST /reports/update/bbox` (spec section 7: reportUuid, file, bboxId, comment). Annotates an
 * existing box (`bboxId`) or a box the user drew (`thr_coords` in HD pixels, no `bboxId`); `base`
 * names the HD photo when an orthomosaic's windows share one `file`. `factor` is a catalogue id or
 * `other` (then the comment says what it is). No factor and an empty comment clear the annotation.
 */
export const boxAnnotationSchema = z
  .strictObject({
    reportUuid: z.string().trim().uuid({ error: RESULTS_MESSAGES.reportNotFound }),
    file: z.string().trim().min(1, RESULTS_MESSAGES.photoNotFound).max(300),
    base: z.string().trim().min(1).max(300).optional(),
    bboxId: z.string().trim().min(1, RESULTS_MESSAGES.boxNotFound).max(200).optional(),
    thr_coords: z.strictObject({ x: pixel, y: pixel, w: pixel.min(1), h: pixel.min(1) }).optional(),
    factor: z
      .string()
      .refine((value) => STRESS_FACTOR_IDS.includes(value), 'Choose a stress factor from the list')
      .nullish(),
    comment: z.string().trim().max(ANNOTATION_COMMENT_MAX).default(''),
  })
  .refine((body) => (body.bboxId === undefined) !== (body.thr_coords === undefined), {
    message: RESULTS_MESSAGES.boxOrArea,
    path: ['bboxId'],
  })
  .refine((body) => body.factor !== OTHER_STRESS_FACTOR || body.comment.length > 0, {
    message: RESULTS_MESSAGES.otherNeedsComment,
    path: ['comment'],
  });
export type BoxAnnotationInput = z.input<typeof boxAnnotationSchema>;
export type BoxAnnotation = z.output<typeof boxAnnotationSchema>;
