import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoAnalysis, StressBox, StressColour } from '../../../platform/imaging/index.ts';
import { renderFieldMap } from './field-map.ts';
import { renderFinalReport } from './final-report.ts';
import type { AnalysedImage } from './stress-summary.ts';
import { summariseStress } from './stress-summary.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ampelos-pdf-'));
});
afterAll(async () => {
  if (!process.env.KEEP_PDF) await rm(dir, { recursive: true, force: true });
  else console.log(dir);
});

const RING: [number, number][] = [
  [22.71, 37.817],
  [22.7111, 37.817],
  [22.7111, 37.8179],
  [22.71, 37.8179],
  [22.71, 37.817],
];

function box(id: string, colour: StressColour, lng: number, lat: number, areaM2: number): StressBox {
  return {
    id,
    thr_coords: { x: 100, y: 120, w: 80, h: 60 },
    lng,
    lat,
    colour,
    scores: { vigour: -2.5, chlorophyll: -1.2, water: -0.4, stressedShare: 0.6 },
    areaM2,
    classification: { label: 'Not Classified', probability: null },
  };
}

function analysis(boxes: StressBox[], stressedShare: number): PhotoAnalysis {
  return {
    hd: { w: 640, h: 480 },
    scale: { x: 2, y: 2 },
    canopyShare: 0.4,
    stressedShare,
    groundResolutionM: 0.02,
    footprint: null,
    lng: 22.7105,
    lat: 37.8175,
    boxes,
  };
}

const IMAGES: AnalysedImage[] = [
  {
    file: 'DJI_0001.JPG',
    base: 'DJI_0001',
    analysis: analysis(
      [
        box('DJI_0001-1', 'yellow', 22.71031, 37.81731, 0.42),
        box('DJI_0001-2', 'magenta', 22.71062, 37.81752, 1.25),
        box('DJI_0001-3', 'red', 22.71088, 37.81771, 0.3),
      ],
      0.08,
    ),
  },
  {
    file: 'DJI_0002.JPG',
    base: 'DJI_0002',
    analysis: analysis([box('DJI_0002-1', 'blue', 22.7104, 37.8178, 0.8)], 0.02),
  },
  { file: 'DJI_0003.JPG', base: 'DJI_0003', analysis: analysis([], 0) },
];

const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

async function hdPhoto() {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#56803a' } })
    .jpeg()
    .toBuffer();
}

async function report(lang: 'en' | 'el') {
  const fieldMap = await renderFieldMap({
    ring: RING,
    points: IMAGES.flatMap((image) =>
      image.analysis.boxes.map((b) => ({ lng: b.lng, lat: b.lat, colour: '#e0241f' })),
    ),
  });
  const pdf = await renderFinalReport({
    lang,
    field: {
      title: lang === 'el' ? 'Αμπέλι Νεμέας' : 'Nemea North',
      region: 'Peloponnese',
      country: 'Greece',
      area: 10_000,
      variety: 'Agiorgitiko',
    },
    report: {
      uuid: '0f6f6c1e-0000-4000-8000-000000000001',
      service: 'manual',
      processedAt: new Date('2026-06-01T10:00:00Z'),
      camera: 'DJI FC6310',
    },
    numOfInputImgs: 4,
    images: IMAGES,
    fieldMap,
    readHd: async () => hdPhoto(),
  });
  const file = path.join(dir, `report-${lang}.pdf`);
  await writeFile(file, pdf);
  return { pdf, file };
}

describe('stress summary', () => {
  it('counts boxes per colour, the stressed share of the canopy and the distribution of images', () => {
    const summary = summariseStress(IMAGES);
    expect(summary.totalBoxes).toBe(4);
    expect(summary.byColour.yellow.count).toBe(1);
    expect(summary.byColour.magenta.areaM2).toBeCloseTo(1.25);
    expect(summary.stressedShare).toBeCloseTo((0.08 + 0.02 + 0) / 3);
    expect(summary.distribution.map((bin) => bin.images)).toEqual([1, 1, 1, 0, 0]);
    // Hotspots: the largest stressed areas first.
    expect(summary.hotspots.map((h) => h.box.id)).toEqual([
      'DJI_0001-2',
      'DJI_0002-1',
      'DJI_0001-1',
      'DJI_0001-3',
    ]);
  });
});

describe('final_report.pdf', () => {
  it('is a PDF with a cover, map, statistics, hotspots and thumbnails', async () => {
    const { pdf } = await report('en');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it.skipIf(!hasPoppler && process.env.CI !== 'true')('opens with pdfinfo and reads in English', async () => {
    const { file } = await report('en');
    const info = execFileSync('pdfinfo', [file]).toString();
    expect(info).toMatch(/Pages:\s+[4-9]/);
    expect(info).toContain('Plant stress report: Nemea North');
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Plant stress report');
    expect(text).toContain('Hotspots');
    expect(text).toContain('37.817520');
    expect(text).toContain('22.710620');
    expect(text).toContain('Magenta: Stress and low chlorophyll');
    expect(text).toContain('DJI_0001.JPG');
  });

  it.skipIf(!hasPoppler && process.env.CI !== 'true')(
    'renders Greek text in the customer language with the embedded font',
    async () => {
      const { file } = await report('el');
      const fonts = execFileSync('pdffonts', [file]).toString();
      expect(fonts).toContain('DejaVuSans');
      expect(fonts).toMatch(/DejaVuSans\S*\s+(CID )?TrueType\S*\s+\S+\s+yes\s+yes/);
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      expect(text).toContain('Αναφορά καταπόνησης φυτών');
      expect(text).toContain('Αμπέλι Νεμέας');
      expect(text).toContain('Εστίες');
      expect(text).toContain('Χωρίς κατηγορία');
    },
  );
});
