import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgroHistoryFile } from '@ampelos/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from '../../../platform/storage/storage.ts';
import { hasPoppler, pdfText } from '../../../test/pdf-text.ts';
import { writeHistoryFile } from '../../agro/history-file.ts';
import { hdFileName, PDF_FILE, reportKey } from '../paths.ts';
import type { DatasetRepository, ReportContext } from '../repository.ts';
import { createReportPdfJob } from './write-report-pdf.ts';

let dir: string;
let storage: Storage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ampelos-pdf-job-'));
  storage = createLocalStorage(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const UUID = '0f6f6c1e-0000-4000-8000-0000000000aa';
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as never;

function context(status: string): ReportContext {
  return {
    report: {
      id: 7,
      uuid: UUID,
      status,
      service: 'e2e',
      fieldTitle: 'Nemea North',
      fieldArea: 10_000,
      layers: [],
      processedAt: new Date('2026-06-01T10:00:00Z'),
      camera: 'DJI FC6310',
      numOfInputImgs: 1,
    },
    field: {
      title: 'Nemea North',
      region: 'Peloponnese',
      country: 'Greece',
      area: 10_000,
      variety: 'Agiorgitiko',
      centroidLat: 37.8175,
      polygon: [
        [22.71, 37.817],
        [22.7111, 37.817],
        [22.7111, 37.8179],
        [22.71, 37.817],
      ],
    },
    owner: { id: 1, companyId: null, email: 'c@example.com', firstName: 'C', lastName: 'D', lang: 'en' },
    shoot: null,
  } as unknown as ReportContext;
}

/** The repository as the job reads it: the report, its complete dataset and one analysed photo. */
function repository(status: string): DatasetRepository {
  return {
    findReportById: async () => context(status),
    latestDataset: async () => ({ id: 3, status: 'complete' }),
    unitsIn: async () => [
      {
        input: { file: 'DJI_0001.JPG', base: 'DJI_0001' },
        result: {
          analysis: {
            hd: { w: 64, h: 48 },
            scale: { x: 1, y: 1 },
            canopyShare: 0.4,
            stressedShare: 0.1,
            groundResolutionM: 0.05,
            footprint: null,
            lng: 22.7105,
            lat: 37.8175,
            boxes: [],
          },
        },
      },
    ],
  } as unknown as DatasetRepository;
}

const HISTORY: AgroHistoryFile = {
  generatedAt: '2026-06-04T00:00:00.000Z',
  sample: false,
  providers: { soil: 'open-meteo', weather: null, satellite: null },
  soil_data: [{ dt: 1_780_272_000, t0: 295.05, t10: 291.35, moisture: 0.183 }],
  satellite_data: [],
  weather_data: [],
  satellite_stats: [],
};

describe('the report.pdf job', () => {
  it('leaves a report that is not complete alone (its finalize reads the agronomy file)', async () => {
    await createReportPdfJob({ repository: repository('processing_data'), storage, logger: quiet })({
      reportId: 7,
    });
    expect(await storage.get(reportKey(UUID, PDF_FILE))).toBeNull();
  });

  it('writes a complete report’s PDF again with the soil page from its new agronomy file', async () => {
    const hd = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#56803a' } })
      .jpeg()
      .toBuffer();
    await storage.put(reportKey(UUID, hdFileName('DJI_0001')), hd, 'image/jpeg');
    await writeHistoryFile(storage, UUID, HISTORY);
    await createReportPdfJob({ repository: repository('complete'), storage, logger: quiet })({ reportId: 7 });
    const file = await storage.get(reportKey(UUID, PDF_FILE));
    expect(file).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of file?.stream ?? []) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPoppler || process.env.CI === 'true') {
      const text = pdfText(pdf);
      expect(text).toContain('Plant stress report');
      expect(text).toMatch(/Surface temperature 21\.9 °C/);
      // The lists the file does not have say so.
      expect(text).toContain('Satellite indices over time Information not available');
    }
  });
});
