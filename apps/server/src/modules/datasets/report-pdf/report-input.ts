import type { AgroHistoryFile, VigourClass } from '@ampelos/domain';
import type { LookFirstArea, PdfPlant } from './plants.ts';
import type { AnalysedImage } from './stress-summary.ts';

/** What the final report PDF is made from (final-report.ts, and its summary page). */
export interface FinalReportInput {
  lang: string;
  field: {
    title: string;
    region: string | null;
    country: string | null;
    area: number;
    variety: string | null;
    /** The field's centre: the growing season depends on the hemisphere, the day on the longitude. */
    latitude: number | null;
    longitude: number | null;
  };
  report: { uuid: string; service: 'e2e' | 'manual'; processedAt: Date; camera: string | null };
  numOfInputImgs: number;
  images: AnalysedImage[];
  /** PNG of the field map with the stress overlay. */
  fieldMap: Buffer;
  /** Reads an image's HD derivative. */
  readHd: (base: string) => Promise<Buffer | null>;
  /** The report's `front_agro_weather.json`; null when it has none (the pages say so). */
  agro: AgroHistoryFile | null;
  /** The plants with their annotations (default: the analysis boxes, none annotated). */
  plants?: PdfPlant[];
  /** Plants per vigour class; null when the analysis measured none. */
  vigour?: Record<VigourClass, number> | null;
  /** The numbered squares drawn on `fieldMap` (default: from the plants alone). */
  lookFirst?: { areas: LookFirstArea[]; squareM: number };
}
