import {
  describeImagingSetup,
  hectares,
  type ImagingSetup,
  PLANT_CLASS_HEX,
  PLANT_CLASS_KEYS,
  PLANT_CLASS_NAMES,
  VIGOUR_CLASS_HEX,
  VIGOUR_CLASS_NAMES,
  VIGOUR_CLASSES,
  type VigourClass,
} from '@ampelos/domain';
import { figure, heading, keyValueRows, note, type PdfDoc, swatch } from '../../../platform/pdf/index.ts';
import type { PdfCopy } from './pdf-copy.ts';
import { ACCENT, MARGIN, SUBTITLE } from './pdf-layout.ts';
import type { classCounts, LookFirstArea } from './plants.ts';
import type { FinalReportInput } from './report-input.ts';
import { COLOUR_HEX } from './stress-summary.ts';

export interface SummaryFigures {
  classes: ReturnType<typeof classCounts>;
  vigour: Record<VigourClass, number> | null;
  areas: LookFirstArea[];
  squareM: number;
}

/** The camera, its bands → indices and the method, in one cell. */
function cameraAndMethod(copy: PdfCopy, camera: string | null, setups: ImagingSetup[], lang: 'en' | 'el') {
  const first = setups[0];
  const lines = [first ? describeImagingSetup(first, lang).camera : (camera ?? '–')];
  if (first) lines.push(describeImagingSetup(first, lang).bands);
  lines.push(copy.methodShort);
  return lines.join('\n');
}

/** Rows of a swatch, a count and a name (one text run each, so they read in order), from `top`; answers the bottom. */
function countRows(
  doc: PdfDoc,
  x: number,
  top: number,
  width: number,
  title: string,
  rows: { colour: string; name: string; count: string }[],
) {
  doc.font('bold').fontSize(10).fillColor('black').text(title, x, top, { width });
  let y = doc.y + 3;
  for (const row of rows) {
    swatch(doc, x, y, row.colour);
    doc.font('bold').fontSize(9);
    doc.text(`${row.count}  `, x + 14, y, { width: width - 14, continued: true });
    doc.font('regular').text(row.name);
    y = doc.y + 3;
  }
  return y;
}

/**
 * Page 1: what a grower reads first. The field, date, camera and method, the report id; the map
 * with the numbered squares to visit; where to look first; plants per stress class and per vigour.
 */
export function summaryPage(doc: PdfDoc, copy: PdfCopy, input: FinalReportInput, figures: SummaryFigures) {
  const lang = input.lang === 'el' ? 'el' : 'en';
  const setups = input.images.flatMap((image) => (image.setup ? [image.setup] : []));
  doc.font('bold').fontSize(20).fillColor(ACCENT).text(copy.title, MARGIN, MARGIN);
  doc.font('regular').fontSize(12).fillColor('black').text(`${copy.summaryTitle} · ${input.field.title}`);
  doc.moveDown(0.6);
  const location = [input.field.region, input.field.country].filter(Boolean).join(', ');
  const fieldLine = [input.field.title, location, `${hectares(input.field.area)} ${copy.hectares}`]
    .concat(input.field.variety ? [input.field.variety] : [])
    .filter(Boolean)
    .join(' · ');
  keyValueRows(doc, [
    [copy.field, fieldLine],
    [copy.analysedOn, input.report.processedAt.toISOString().slice(0, 10)],
    [copy.cameraAndMethod, cameraAndMethod(copy, input.report.camera, setups, lang)],
    [copy.reportId, `${input.report.uuid}  (#${input.report.uuid.slice(0, 4)})`],
  ]);

  const width = doc.page.width - 2 * MARGIN;
  doc.y += 4;
  figure(doc, input.fieldMap, 250);
  note(doc, copy.summaryMapNote);
  doc.moveDown(0.5);

  heading(doc, copy.lookFirstTitle, { ...SUBTITLE, after: 0 });
  if (figures.areas.length === 0) {
    doc.font('regular').fontSize(9).text(copy.noHotspots, MARGIN);
  } else {
    note(doc, copy.lookFirstNote(figures.squareM));
    for (const area of figures.areas) {
      const [lng, lat] = area.centre;
      const colour = area.colour ? ` (${copy.mostly} ${copy.colours[area.colour].toLowerCase()})` : '';
      const y = doc.y + 2;
      doc.circle(MARGIN + 5, y + 5.5, 5).fill(area.colour ? COLOUR_HEX[area.colour] : '#111');
      doc.font('bold').fontSize(9).fillColor('black');
      doc.text(`${area.rank}. `, MARGIN + 16, y, { width: width - 16, continued: true });
      doc.font('regular').text(`${copy.lookFirstItem(area.count, lat.toFixed(6), lng.toFixed(6))}${colour}`);
    }
  }
  doc.moveDown(0.6);

  const top = doc.y;
  const columnWidth = (width - 24) / 2;
  const shown = PLANT_CLASS_KEYS.filter((key) => figures.classes[key].count > 0);
  const classBottom = countRows(
    doc,
    MARGIN,
    top,
    columnWidth,
    copy.byClassTitle,
    shown.length === 0
      ? [{ colour: PLANT_CLASS_HEX.notClassified, name: PLANT_CLASS_NAMES[lang].notClassified, count: '0' }]
      : shown.map((key) => {
          const { count, byPerson } = figures.classes[key];
          return {
            colour: PLANT_CLASS_HEX[key],
            name:
              byPerson > 0
                ? `${PLANT_CLASS_NAMES[lang][key]} (${byPerson} ${copy.byPersonColumn})`
                : PLANT_CLASS_NAMES[lang][key],
            count: String(count),
          };
        }),
  );
  let vigourBottom = top;
  const right = MARGIN + columnWidth + 24;
  if (figures.vigour) {
    const vigour = figures.vigour;
    vigourBottom = countRows(
      doc,
      right,
      top,
      columnWidth,
      copy.byVigourTitle,
      VIGOUR_CLASSES.map((key) => ({
        colour: VIGOUR_CLASS_HEX[key],
        name: VIGOUR_CLASS_NAMES[lang][key],
        count: String(vigour[key]),
      })),
    );
  } else {
    doc.font('bold').fontSize(10).text(copy.byVigourTitle, right, top, { width: columnWidth });
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#555')
      .text(copy.vigourNotMeasured, right, doc.y + 3, {
        width: columnWidth,
      });
    vigourBottom = doc.y;
    doc.fillColor('black');
  }
  doc.x = MARGIN;
  doc.y = Math.max(classBottom, vigourBottom);
}
