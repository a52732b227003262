import { z } from 'zod';
import { ANALYTICS_MESSAGES, analyticsRangeProblem } from '../analytics.ts';
import { calendarDaySchema } from './operations.ts';

/** `GET /analytics/overview?from=&to=`: both optional (the last seven months by default). */
export const analyticsRangeQuerySchema = z
  .object({ from: calendarDaySchema.optional(), to: calendarDaySchema.optional() })
  .superRefine((range, context) => {
    if (!range.from || !range.to) return;
    const problem = analyticsRangeProblem(range.from, range.to);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });
export type AnalyticsRangeQuery = z.output<typeof analyticsRangeQuerySchema>;

/** Most outlines one `fields-map/polygons` answer carries. */
export const FIELD_OUTLINES_LIMIT = 1000;

const coordinate = (min: number, max: number) => z.number().min(min).max(max);

/** `bbox=west,south,east,north` in degrees (the map's visible area). */
export const bboxSchema = z
  .string({ error: ANALYTICS_MESSAGES.invalidBbox })
  .max(120)
  .transform((value) => value.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part))))
  .pipe(
    z.tuple([coordinate(-180, 180), coordinate(-90, 90), coordinate(-180, 180), coordinate(-90, 90)], {
      error: ANALYTICS_MESSAGES.invalidBbox,
    }),
  )
  .refine(([west, south, east, north]) => west <= east && south <= north, ANALYTICS_MESSAGES.invalidBbox);

export const fieldOutlinesQuerySchema = z.object({ bbox: bboxSchema });
