import type { Lang } from '@ampelos/domain';
import { bullets, ensureRoom, heading, openPdf, type PdfDoc, ruledRows } from '../../platform/pdf/index.ts';
import { GUIDE_TEXTS, type GuideSection } from './guide-texts.ts';

const MARGIN = 56;
const GREEN = '#4c7a34';
const SIZE = { title: 20, subtitle: 11, heading: 12.5, body: 10 } as const;

function section(doc: PdfDoc, part: GuideSection) {
  const width = doc.page.width - 2 * MARGIN;
  ensureRoom(doc, 60);
  heading(doc, part.heading, { size: SIZE.heading, colour: GREEN, before: 0.4, after: 0.3 });
  doc.font('regular').fontSize(SIZE.body);
  for (const paragraph of part.paragraphs ?? []) {
    doc.text(paragraph, MARGIN, doc.y, { width, align: 'left' }).moveDown(0.4);
  }
  bullets(doc, part.bullets ?? []);
  if (part.table) ruledRows(doc, part.table, { size: SIZE.body, accent: GREEN });
}

/** "How to Fly with your Drone" in English or Greek. */
export function renderFlightGuidePdf(lang: Lang): Promise<Buffer> {
  const texts = GUIDE_TEXTS[lang];
  const { doc, finish } = openPdf({
    margin: MARGIN,
    lang,
    info: { Title: texts.title, Author: 'Ampelos', Subject: texts.subtitle },
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(SIZE.title).fillColor(GREEN).text(texts.title, MARGIN, MARGIN, { width });
  doc.font('regular').fontSize(SIZE.subtitle).fillColor('#444444').text(texts.subtitle, { width });
  doc.moveDown(0.8).fillColor('black').fontSize(SIZE.body).text(texts.intro, { width });
  for (const part of texts.sections) section(doc, part);
  ensureRoom(doc, 30);
  doc.moveDown(1).fontSize(8.5).fillColor('#666666').text(texts.footer, MARGIN, doc.y, { width });
  return finish();
}
