import {
  describeImagingSetup,
  hectares,
  type ImagingSetup,
  PLANT_CLASS_NAMES,
  plantClass,
} from '@ampelos/domain';
import { resizeWithOverlay } from '../../../platform/imaging/derived-images.ts';
import type { StressBox } from '../../../platform/imaging/index.ts';
import {
  barRows,
  heading,
  imageGrid,
  keyValueRows,
  note,
  openPdf,
  type PdfDoc,
  pageFooters,
  table,
} from '../../../platform/pdf/index.ts';
import { agroPages } from './agro-pages.ts';
import { annotationsSection } from './annotations-page.ts';
import { type PdfCopy, pdfCopy } from './pdf-copy.ts';
import { ACCENT, MARGIN, SUBTITLE, TITLE } from './pdf-layout.ts';
import { classCounts, lookFirstAreas, type PdfPlant, pdfPlants } from './plants.ts';
import type { FinalReportInput } from './report-input.ts';
import {
  type AnalysedImage,
  COLOUR_HEX,
  STRESS_COLOURS,
  type StressSummary,
  summariseStress,
} from './stress-summary.ts';
import { summaryPage } from './summary-page.ts';

const MAX_THUMBNAILS = 24;

/** Which camera, bands, height source and method were used (one block per distinct setup). */
function imagingSection(doc: PdfDoc, copy: PdfCopy, images: AnalysedImage[], lang: 'en' | 'el') {
  const setups = new Map<string, ImagingSetup>();
  for (const { setup } of images) if (setup) setups.set(JSON.stringify({ ...setup, heightM: null }), setup);
  if (setups.size === 0) return;
  heading(doc, copy.imagingTitle, { ...SUBTITLE, before: 0.6 });
  for (const setup of setups.values()) {
    const text = describeImagingSetup(setup, lang);
    keyValueRows(doc, [
      [copy.camera, text.camera],
      [copy.imagingBands, text.bands],
      [copy.imagingHeight, text.height],
      [copy.imagingMethod, text.method],
    ]);
    doc.moveDown(0.3);
  }
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const coordinate = (value: number) => value.toFixed(6);

/** The plant's class, and who said so when a person did. */
function classLabel(copy: PdfCopy, lang: 'en' | 'el', plant: { className: string; factor?: string | null }) {
  const found = plantClass(plant);
  const name = PLANT_CLASS_NAMES[lang][found.key];
  return found.byPerson ? `${name} (${copy.assessedByPerson})` : name;
}

/** An HD photo shrunk to a thumbnail with its boxes drawn in their colours. */
async function thumbnail(hd: Buffer, size: { w: number; h: number }, boxes: StressBox[], width = 520) {
  const scale = width / size.w;
  const height = Math.round(size.h * scale);
  const rects = boxes
    .map(({ thr_coords: b, colour }) => {
      const [x, y, w, h] = [b.x, b.y, b.w, b.h].map((v) => (v * scale).toFixed(1));
      return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${COLOUR_HEX[colour]}" stroke-width="3"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${rects}</svg>`;
  return resizeWithOverlay(hd, { width, height }, svg, 80);
}

function statisticsPage(doc: PdfDoc, copy: PdfCopy, summary: StressSummary) {
  heading(doc, copy.statsTitle, TITLE);
  table(
    doc,
    [
      { title: `${copy.colour} / ${copy.meaning}`, width: 300 },
      { title: copy.count, width: 80 },
      { title: copy.areaM2, width: 100 },
    ],
    STRESS_COLOURS.map((colour) => [
      `${copy.colourNames[colour]}: ${copy.colours[colour]}`,
      String(summary.byColour[colour].count),
      summary.byColour[colour].areaM2.toFixed(2),
    ]),
    STRESS_COLOURS.map((colour) => COLOUR_HEX[colour]),
  );
  keyValueRows(doc, [
    [copy.canopyShare, percent(summary.canopyShare)],
    [copy.stressedShare, percent(summary.stressedShare)],
  ]);
  doc.x = MARGIN;
  doc.moveDown(0.5).font('bold').fontSize(11).text(copy.distributionTitle, MARGIN).moveDown(0.3);
  barRows(
    doc,
    summary.distribution.map((bin) => ({
      label: bin.to === null ? `≥ ${percent(bin.from)}` : `${percent(bin.from)} – ${percent(bin.to)}`,
      value: bin.images,
    })),
    ACCENT,
  );
}

function hotspotsPage(
  doc: PdfDoc,
  copy: PdfCopy,
  summary: StressSummary,
  lang: 'en' | 'el',
  plants: ReadonlyMap<string, PdfPlant>,
) {
  heading(doc, copy.hotspotsTitle, TITLE);
  doc.font('regular').fontSize(9).text(copy.hotspotsNote).moveDown(0.5);
  if (summary.hotspots.length === 0) {
    doc.text(copy.noStress);
    return;
  }
  table(
    doc,
    [
      { title: copy.colour, width: 90 },
      { title: copy.photo, width: 130 },
      { title: copy.latitude, width: 80 },
      { title: copy.longitude, width: 80 },
      { title: copy.areaM2, width: 55 },
      { title: copy.classification, width: 85 },
    ],
    summary.hotspots.map(({ box, file }) => [
      copy.colourNames[box.colour],
      file,
      coordinate(box.lat),
      coordinate(box.lng),
      box.areaM2 === null ? '–' : box.areaM2.toFixed(2),
      classLabel(copy, lang, { className: box.classification.label, factor: plants.get(box.id)?.factor }),
    ]),
    summary.hotspots.map(({ box }) => COLOUR_HEX[box.colour]),
  );
}

async function thumbnailsPages(doc: PdfDoc, copy: PdfCopy, input: FinalReportInput) {
  const chosen = [...input.images]
    .sort((a, b) => b.analysis.boxes.length - a.analysis.boxes.length || a.file.localeCompare(b.file))
    .slice(0, MAX_THUMBNAILS);
  doc.addPage();
  heading(doc, copy.thumbnailsTitle, TITLE);
  const grid = imageGrid(doc);
  for (const image of chosen) {
    const hd = await input.readHd(image.base);
    if (!hd) continue;
    const picture = await thumbnail(hd, image.analysis.hd, image.analysis.boxes);
    grid.add(picture, image.analysis.hd, `${image.file} · ${image.analysis.boxes.length}`);
  }
  grid.end();
  const hidden = input.images.length - chosen.length;
  if (hidden > 0) doc.font('regular').fontSize(9).text(copy.moreImages(hidden));
}

/**
 * `final_report.pdf`: cover, field map, statistics, hotspots, thumbnails, then satellite, weather and
 * soil pages (in the customer's language).
 */
export async function renderFinalReport(input: FinalReportInput): Promise<Buffer> {
  const copy = pdfCopy(input.lang);
  const summary = summariseStress(input.images);
  const { doc, finish } = openPdf({
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${copy.title}: ${input.field.title}`, Author: 'Ampelos' },
    lang: input.lang === 'el' ? 'el-GR' : 'en-GB',
  });

  const lang = input.lang === 'el' ? 'el' : 'en';
  const plants = input.plants ?? pdfPlants(input.images, []);
  const lookFirst = input.lookFirst ?? lookFirstAreas([], plants);
  summaryPage(doc, copy, input, {
    classes: classCounts(plants),
    vigour: input.vigour ?? null,
    areas: lookFirst.areas,
    squareM: lookFirst.squareM,
  });

  doc.addPage();
  heading(doc, copy.detailsTitle, TITLE);
  const location = [input.field.region, input.field.country].filter(Boolean).join(', ');
  keyValueRows(doc, [
    [copy.field, input.field.title],
    [copy.location, location || '–'],
    [copy.area, `${hectares(input.field.area)} ${copy.hectares}`],
    [copy.variety, input.field.variety ?? '–'],
    [copy.report, `#${input.report.uuid.slice(0, 4)}`],
    [copy.service, copy.services[input.report.service]],
    [copy.processedAt, input.report.processedAt.toISOString().slice(0, 10)],
    [copy.camera, input.report.camera ?? '–'],
    [copy.inputImages, String(input.numOfInputImgs)],
    [copy.outputImages, String(input.images.length)],
    [copy.stressedPlants, String(summary.totalBoxes)],
  ]);
  imagingSection(doc, copy, input.images, lang);
  doc.moveDown(1);
  note(doc, copy.method);

  doc.addPage();
  statisticsPage(doc, copy, summary);
  doc.moveDown(1);
  hotspotsPage(doc, copy, summary, lang, new Map(plants.map((plant) => [plant.id, plant])));
  doc.moveDown(1);
  annotationsSection(doc, copy, plants, lang);
  if (input.images.length > 0) await thumbnailsPages(doc, copy, input);
  agroPages(doc, input.lang, input.agro, {
    lat: input.field.latitude ?? 0,
    lng: input.field.longitude ?? 0,
    today: input.report.processedAt.toISOString().slice(0, 10),
  });

  pageFooters(doc, copy.page);
  return finish();
}
