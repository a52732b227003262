import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgroHistoryFile } from '@ampelos/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportOutputPoint } from '../../../platform/db/schema.ts';
import type { PhotoAnalysis, StressBox, StressColour } from '../../../platform/imaging/index.ts';
import { renderFieldMap } from './field-map.ts';
import { renderFinalReport } from './final-report.ts';
import { lookFirstAreas, pdfPlants } from './plants.ts';
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
    setup: {
      camera: 'DJI Phantom 4 Pro',
      kind: 'rgb',
      bands: ['red', 'green', 'blue'],
      method: 'catalogue',
      heightM: 39.9,
      heightSource: 'relative-altitude',
      indices: ['vari', 'tgi', 'gli'],
    },
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

const DAY = 86_400;
const JUNE_1 = Date.parse('2026-06-01T00:00:00Z') / 1000;
const weather = (dt: number, min: number, max: number, rain: number) => ({
  dt,
  temp_c: (min + max) / 2,
  temp_min_c: min,
  temp_max_c: max,
  humidity: 50,
  wind_mph: 5,
  rain_mm: rain,
  icon: 'clear' as const,
});

/** A report's front_agro_weather.json: three satellite dates, three days of weather, two soil readings. */
const AGRO_FILE: AgroHistoryFile = {
  generatedAt: '2026-06-04T00:00:00.000Z',
  sample: false,
  providers: { soil: 'open-meteo', weather: 'open-meteo', satellite: 'sentinel-2-stac' },
  soil_data: [
    { dt: JUNE_1, t0: 290.15, t10: 288.65, moisture: 0.21 },
    { dt: JUNE_1 + 2 * DAY + 43_200, t0: 295.05, t10: 291.35, moisture: 0.183 },
  ],
  satellite_data: [],
  weather_data: [
    // Two entries a day (the domain leaves out days with fewer as incomplete). 1 June: lowest 12,
    // highest 28 → 10 degree days; 2 June: 14 and 30 → 12; 3 June: 8 and 10 → 0.
    weather(JUNE_1, 12, 20, 0),
    weather(JUNE_1 + 32_400, 15, 28, 1.5),
    weather(JUNE_1 + DAY, 14, 30, 4),
    weather(JUNE_1 + DAY + 32_400, 16, 25, 0),
    weather(JUNE_1 + 2 * DAY, 8, 10, 12.5),
    weather(JUNE_1 + 2 * DAY + 32_400, 9, 10, 0),
  ],
  satellite_stats: [
    {
      dt: JUNE_1 + 3600,
      source: 'sentinel-2-stac',
      cl: 0,
      dc: 100,
      indices: {
        ndvi: { min: 0.412, max: 0.681, mean: 0.5534 },
        evi2: { min: 0.25, max: 0.45, mean: 0.351 },
        ndwi: { min: -0.05, max: 0.2, mean: 0.0812 },
      },
    },
    { dt: JUNE_1 + DAY + 3600, source: 'sentinel-2-stac', cl: 100, dc: 100, indices: {} },
    {
      dt: JUNE_1 + 2 * DAY + 3600,
      source: 'sentinel-2-stac',
      cl: 12,
      dc: 100,
      indices: {
        ndvi: { min: 0.43, max: 0.7, mean: 0.5712 },
        evi2: { min: 0.26, max: 0.47, mean: 0.362 },
        ndwi: { min: -0.04, max: 0.21, mean: 0.0923 },
      },
    },
  ],
};

/** The report's outputData after a customer annotated a found plant and drew a box on another. */
const OUTPUT_DATA: ReportOutputPoint[] = [
  {
    lng: 22.7105,
    lat: 37.8175,
    file: 'DJI_0001.JPG',
    base: 'DJI_0001',
    bboxes: {
      'DJI_0001-2': {
        thr_coords: { x: 100, y: 120, w: 80, h: 60 },
        lng: 22.71062,
        lat: 37.81752,
        colour: 'magenta',
        className: 'Not Classified',
        factor: 'downy_mildew',
        comment: 'Oil spots on the upper leaves',
        annotatedBy: 'Eleni Papadaki',
        annotatedAt: '2026-06-03T08:00:00.000Z',
      },
      'DJI_0001-u1': {
        thr_coords: { x: 300, y: 200, w: 40, h: 40 },
        lng: 22.71075,
        lat: 37.81761,
        colour: '',
        className: 'Not Classified',
        factor: 'esca',
        annotatedBy: 'Nikos Agronomos',
        annotatedAt: '2026-06-03T09:00:00.000Z',
        drawn: true,
      },
    },
  },
];

async function report(lang: 'en' | 'el', agro: AgroHistoryFile | null = AGRO_FILE) {
  const plants = pdfPlants(IMAGES, OUTPUT_DATA);
  const lookFirst = lookFirstAreas(RING, plants);
  const fieldMap = await renderFieldMap({
    ring: RING,
    points: IMAGES.flatMap((image) =>
      image.analysis.boxes.map((b) => ({ lng: b.lng, lat: b.lat, colour: '#e0241f' })),
    ),
    areas: lookFirst.areas.map((area) => ({ ring: area.ring, label: String(area.rank) })),
  });
  const pdf = await renderFinalReport({
    lang,
    field: {
      title: lang === 'el' ? 'Αμπέλι Νεμέας' : 'Nemea North',
      region: 'Peloponnese',
      country: 'Greece',
      area: 10_000,
      variety: 'Agiorgitiko',
      latitude: 37.8175,
      longitude: 22.7105,
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
    agro,
    plants,
    vigour: { low: 12, medium: 80, high: 9 },
    lookFirst,
  });
  const file = path.join(dir, `report-${lang}${agro ? '' : '-no-agro'}${agro?.sample ? '-sample' : ''}.pdf`);
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
    // Which camera, bands, height source and method the analysis used.
    expect(text).toContain('How the photos were read');
    expect(text).toContain('DJI Phantom 4 Pro: colour (RGB) camera');
    expect(text).toContain('red, green, blue → VARI, TGI, GLI');
    expect(text).toMatch(/39\.9 m \(the drone’s height above take-off\)/);
    expect(text).toContain('camera model from our catalogue');
  });

  it.skipIf(!hasPoppler && process.env.CI !== 'true')(
    'opens with a summary: field, date, camera and method, report id, where to look first, plants per class and vigour',
    async () => {
      const { file } = await report('en');
      const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'])
        .toString()
        .replace(/\s+/g, ' ');
      expect(first).toContain('Summary · Nemea North');
      expect(first).toContain('Nemea North · Peloponnese, Greece · 1 ha · Agiorgitiko');
      expect(first).toContain('Analysed on 2026-06-01');
      expect(first).toContain('DJI Phantom 4 Pro: colour (RGB) camera');
      expect(first).toContain('red, green, blue → VARI, TGI, GLI');
      // The whole id, readable, and the short name the app uses.
      expect(first).toContain('0f6f6c1e-0000-4000-8000-000000000001 (#0f6f)');
      expect(first).toContain('Where to look first');
      // Three of the four analysis boxes and the drawn Esca box lie in the first 80 m square.
      expect(first).toMatch(/1\. 4 stressed plants around 37\.81\d{4}, 22\.71\d{4}/);
      expect(first).toMatch(/2\. 1 stressed plant around/);
      // A stress factor a person chose is the plant's class, and says so.
      expect(first).toContain('Stressed plants by class');
      expect(first).toMatch(/1 Fungal Diseases \(1 assessed by a person\)/);
      expect(first).toMatch(/1 Trunk Diseases \(1 assessed by a person\)/);
      expect(first).toMatch(/3 Not Classified/);
      expect(first).toMatch(/12 Low vigour 80 Medium vigour 9 High vigour/);

      const all = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
      expect(all).toContain('Notes on plants');
      expect(all).toContain('Oil spots on the upper leaves');
      expect(all).toContain('Eleni Papadaki 2026-06-03');
      expect(all).toContain('Downy mildew → Fungal Diseases (assessed by a person)');
      expect(all).toContain('(box drawn by a person)');
      // The hotspot table names the annotated plant's class too.
      expect(all).toMatch(/1\.25 Fungal Diseases \(assessed by a person\)/);

      const greek = await report('el');
      const firstEl = execFileSync('pdftotext', ['-f', '1', '-l', '1', greek.file, '-'])
        .toString()
        .replace(/\s+/g, ' ');
      expect(firstEl).toContain('Σύνοψη · Αμπέλι Νεμέας');
      expect(firstEl).toContain('Πού να κοιτάξετε πρώτα');
      expect(firstEl).toMatch(/1 Μυκητολογικές ασθένειες \(1 εκτίμηση ανθρώπου\)/);
      expect(firstEl).toMatch(/12 Χαμηλή ευρωστία/);
    },
  );

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
      expect(text).toContain('Μη ταξινομημένο');
      expect(text).toContain('Πώς διαβάστηκαν οι φωτογραφίες');
      expect(text).toContain('έγχρωμη κάμερα (RGB)');
      expect(text).toMatch(/39,9 m \(ύψος του drone από το σημείο απογείωσης\)/);
    },
  );
});

const withPoppler = it.skipIf(!hasPoppler && process.env.CI !== 'true');
const textOf = (file: string) => execFileSync('pdftotext', ['-layout', file, '-']).toString();

describe('the satellite, weather and soil pages', () => {
  withPoppler(
    'show the index statistics, the weather history, the season and the soil in English',
    async () => {
      const { file } = await report('en');
      const text = textOf(file);
      expect(text).toContain('Satellite indices over time');
      expect(text).toContain('Sentinel-2 L2A');
      // The table: min / mean / max of each index per date; the cloudy date has none.
      expect(text).toMatch(
        /2026-06-01\s+0\.412 \/ 0\.553 \/ 0\.681\s+0\.250 \/ 0\.351 \/ 0\.450\s+-0\.050 \/ 0\.081 \/ 0\.200/,
      );
      expect(text).toMatch(/2026-06-02\s+–\s+–\s+–\s+100/);
      expect(text).toContain('Weather history');
      expect(text).toContain('Growing season');
      // Labels wrap in their column: the figures are checked beside the label's last words.
      expect(text).toContain('Growing degree days (base');
      expect(text).toMatch(/days \(base\s+22 °C·d/);
      expect(text).toMatch(/22 °C·days over 3 of the season’s 214 days \(below Region Ia\s+so far\)/);
      expect(text).toMatch(/Rain over the period\s+18\.0 mm/);
      expect(text).toContain('Soil');
      // Kelvin shown in °C with one decimal, moisture in %.
      expect(text).toMatch(/Surface temperature\s+21\.9 °C/);
      expect(text).toMatch(/Temperature at 10 cm\s+18\.2 °C/);
      expect(text).toMatch(/Moisture\s+18\.3 %/);
      expect(text).toMatch(/2026-06-01 00:00\s+17\.0 °C\s+15\.5 °C\s+21\.0 %/);
      expect(text).not.toContain('Information not available');
      expect(text).not.toContain('Demo data');
    },
  );

  withPoppler('read in Greek with the embedded font', async () => {
    const { file } = await report('el');
    const fonts = execFileSync('pdffonts', [file]).toString();
    for (const row of fonts.split('\n').slice(2).filter(Boolean))
      expect(row).toMatch(/\byes\s+yes\s+(yes|no)\s+\d+\s+\d+$/);
    const text = textOf(file);
    expect(text).toContain('Δορυφορικοί δείκτες στον χρόνο');
    expect(text).toContain('ελάχ. / μέση / μέγ.');
    expect(text).toContain('Ιστορικό καιρού');
    expect(text).toContain('Καλλιεργητική περίοδος');
    expect(text).toContain('Βαθμοημέρες ανάπτυξης');
    expect(text).toMatch(/Βαθμοημέρες ανάπτυξης\s+22 °C·d/);
    expect(text).toContain('Έδαφος');
    expect(text).toMatch(/Θερμοκρασία στα 10 cm\s+18\.2 °C/);
  });

  withPoppler('say "Information not available" when the report has no agronomy file', async () => {
    const { file } = await report('en', null);
    const text = textOf(file);
    expect(text).toContain('Satellite, weather and soil');
    expect(text.match(/Information not available/g)).toHaveLength(4);
    const greek = textOf((await report('el', null)).file);
    expect(greek).toContain('Δεν υπάρχουν διαθέσιμες πληροφορίες');
  });

  withPoppler('mark the demo’s sample data on each of the three pages', async () => {
    const { file } = await report('en', { ...AGRO_FILE, sample: true });
    expect(textOf(file).match(/Demo data: sample values/g)).toHaveLength(3);
    const greek = textOf((await report('el', { ...AGRO_FILE, sample: true })).file);
    expect(greek).toContain('Δείγμα δεδομένων');
  });
});
