import type { Lang } from '@ampelos/domain';
import PDFDocument from 'pdfkit';
import { loadPdfFonts } from '../../platform/pdf/fonts.ts';
import { GUIDE_TEXTS, type GuideSection } from './guide-texts.ts';

const MARGIN = 56;
const GREEN = '#4c7a34';
const SIZE = { title: 20, subtitle: 11, heading: 12.5, body: 10 } as const;

type Doc = PDFKit.PDFDocument;

function ensureRoom(doc: Doc, needed: number) {
  if (doc.y + needed > doc.page.height - MARGIN) doc.addPage();
}

function table(doc: Doc, rows: [string, string][]) {
  const width = doc.page.width - 2 * MARGIN;
  const first = width * 0.4;
  rows.forEach(([left, right], index) => {
    ensureRoom(doc, 20);
    const y = doc.y;
    doc.font(index === 0 ? 'bold' : 'regular').fontSize(SIZE.body);
    doc.text(left, MARGIN, y, { width: first - 8 });
    const leftEnd = doc.y;
    doc.text(right, MARGIN + first, y, { width: width - first });
    doc.y = Math.max(leftEnd, doc.y) + 3;
    doc
      .moveTo(MARGIN, doc.y - 1)
      .lineTo(MARGIN + width, doc.y - 1)
      .lineWidth(0.5)
      .strokeColor(index === 0 ? GREEN : '#cccccc')
      .stroke();
  });
  doc.moveDown(0.6);
}

function section(doc: Doc, part: GuideSection) {
  const width = doc.page.width - 2 * MARGIN;
  ensureRoom(doc, 60);
  doc.moveDown(0.4);
  doc.font('bold').fontSize(SIZE.heading).fillColor(GREEN).text(part.heading, MARGIN, doc.y, { width });
  doc.moveDown(0.3).fillColor('black').font('regular').fontSize(SIZE.body);
  for (const paragraph of part.paragraphs ?? []) {
    doc.text(paragraph, MARGIN, doc.y, { width, align: 'left' }).moveDown(0.4);
  }
  for (const bullet of part.bullets ?? []) {
    ensureRoom(doc, 24);
    const y = doc.y;
    doc.text('•', MARGIN, y, { width: 10, lineBreak: false });
    doc.text(bullet, MARGIN + 12, y, { width: width - 12 }).moveDown(0.25);
  }
  if (part.table) table(doc, part.table);
}

/** "How to Fly with your Drone" in English or Greek (DejaVu Sans: the base PDF fonts have no Greek). */
export function renderFlightGuidePdf(lang: Lang): Promise<Buffer> {
  const texts = GUIDE_TEXTS[lang];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang,
    info: { Title: texts.title, Author: 'Ampelos', Subject: texts.subtitle },
  });
  const { regular, bold } = loadPdfFonts();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(SIZE.title).fillColor(GREEN).text(texts.title, MARGIN, MARGIN, { width });
  doc.font('regular').fontSize(SIZE.subtitle).fillColor('#444444').text(texts.subtitle, { width });
  doc.moveDown(0.8).fillColor('black').fontSize(SIZE.body).text(texts.intro, { width });
  for (const part of texts.sections) section(doc, part);
  ensureRoom(doc, 30);
  doc.moveDown(1).fontSize(8.5).fillColor('#666666').text(texts.footer, MARGIN, doc.y, { width });
  doc.end();
  return done;
}
