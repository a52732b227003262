import PDFDocument from 'pdfkit';
import { loadPdfFonts } from './fonts.ts';

/** The document every page builder draws on (pdfkit's, behind this kit). */
export type PdfDoc = PDFKit.PDFDocument;

export interface PdfOptions {
  /** Page margin on every side, in points. */
  margin: number;
  /** The document's language tag (`el`, `en-GB`, …): screen readers and search use it. */
  lang: string;
  info: { Title: string; Author: string; Subject?: string };
  /** Keep pages open until the end, so footers can be written on every page (page n of m). */
  bufferPages?: boolean;
}

/**
 * An A4 document with DejaVu Sans registered as `regular` and `bold` (the PDF's built-in fonts have no
 * Greek glyphs); `finish()` ends it and answers its bytes.
 */
export function openPdf(options: PdfOptions): { doc: PdfDoc; finish: () => Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: options.margin,
    lang: options.lang,
    info: options.info,
    bufferPages: options.bufferPages ?? false,
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
  return {
    doc,
    finish: () => {
      doc.end();
      return done;
    },
  };
}

/** The left margin: where blocks start. */
export const left = (doc: PdfDoc) => doc.page.margins.left;

/** The width between the margins. */
export const contentWidth = (doc: PdfDoc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Whether fewer than `needed` points remain above the bottom margin. */
export const pageFull = (doc: PdfDoc, needed: number) =>
  doc.y + needed > doc.page.height - doc.page.margins.bottom;

/** Starts a new page when fewer than `needed` points remain. */
export function ensureRoom(doc: PdfDoc, needed: number) {
  if (pageFull(doc, needed)) doc.addPage();
}

/** Cuts a text to fit `width` at the current font, ending with an ellipsis. */
export function fitText(doc: PdfDoc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** A small grey line under the bottom margin of every page (needs `bufferPages`), e.g. the page number. */
export function pageFooters(doc: PdfDoc, text: (pageNumber: number) => string) {
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    const margin = doc.page.margins.left;
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor('#777');
    doc.text(text(page + 1), margin, doc.page.height - bottom + 14, {
      width: contentWidth(doc),
      align: 'right',
      lineBreak: false,
    });
  }
}
