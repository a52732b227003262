/** Text blocks of the PDF kit: headings, notes, notices, bullets, key-value rows and text columns. */
import { contentWidth, ensureRoom, fitText, left, type PdfDoc } from './document.ts';

export interface HeadingStyle {
  size: number;
  colour: string;
  /** Lines of space before (in the previous font's line height) and after. */
  before?: number;
  after?: number;
}

/** A bold coloured heading across the page; the text after it is black. */
export function heading(doc: PdfDoc, text: string, style: HeadingStyle) {
  if (style.before) doc.moveDown(style.before);
  doc.font('bold').fontSize(style.size).fillColor(style.colour);
  doc.text(text, left(doc), doc.y, { width: contentWidth(doc) });
  if (style.after) doc.moveDown(style.after);
  doc.fillColor('black');
}

/** A paragraph in small grey type (explanations, sources, methods). */
export function note(doc: PdfDoc, text: string, style: { size?: number; colour?: string } = {}) {
  doc
    .font('regular')
    .fontSize(style.size ?? 8)
    .fillColor(style.colour ?? '#555');
  doc.text(text, left(doc), doc.y, { width: contentWidth(doc) }).fillColor('black');
}

/** A paragraph on a coloured rounded box across the page (e.g. "sample data"). */
export function notice(doc: PdfDoc, text: string, style: { background: string; colour: string }) {
  const x = left(doc);
  const width = contentWidth(doc);
  doc.font('bold').fontSize(9);
  const height = doc.heightOfString(text, { width: width - 16 }) + 8;
  const y = doc.y;
  doc.roundedRect(x, y, width, height, 4).fill(style.background);
  doc.fillColor(style.colour).text(text, x + 8, y + 4, { width: width - 16 });
  doc.fillColor('black');
  doc.y = y + height + 8;
  doc.x = x;
}

/** A bulleted list across the page, at the current font. */
export function bullets(doc: PdfDoc, items: string[]) {
  const x = left(doc);
  const width = contentWidth(doc);
  for (const item of items) {
    ensureRoom(doc, 24);
    const y = doc.y;
    doc.text('•', x, y, { width: 10, lineBreak: false });
    doc.text(item, x + 12, y, { width: width - 12 }).moveDown(0.25);
  }
}

/** A small filled square in a colour, before a label (legends, table rows). */
export function swatch(doc: PdfDoc, x: number, y: number, colour: string) {
  doc
    .rect(x, y + 1, 9, 9)
    .fill(colour)
    .fillColor('black');
}

/** Rows of bold label and value; a row is as tall as its taller cell. */
export function keyValueRows(
  doc: PdfDoc,
  rows: [string, string][],
  style: { labelWidth?: number; valueWidth?: number; gap?: number; size?: number } = {},
) {
  const { labelWidth = 170, valueWidth = 320, gap = 10, size = 10 } = style;
  const x = left(doc);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('bold').fontSize(size);
    const labelHeight = doc.heightOfString(label, { width: labelWidth });
    doc.text(label, x, y, { width: labelWidth });
    doc.font('regular').fontSize(size);
    const valueHeight = doc.heightOfString(value, { width: valueWidth });
    doc.text(value, x + labelWidth + gap, y, { width: valueWidth });
    doc.y = y + Math.max(labelHeight, valueHeight) + 4;
  }
  doc.x = x;
}

/**
 * A bold heading and single-line entries from (x, top), each cut with an ellipsis to `width`;
 * answers the y below the block (several blocks can stand side by side).
 */
export function textColumn(
  doc: PdfDoc,
  at: { x: number; top: number; width: number },
  title: string,
  lines: string[],
  style: { titleSize: number; size: number },
) {
  doc.font('bold').fontSize(style.titleSize).text(title, at.x, at.top, { lineBreak: false });
  let y = at.top + doc.currentLineHeight(true) + 2;
  doc.font('regular').fontSize(style.size);
  for (const line of lines) {
    // Without line breaking pdfkit does not move y, so the block keeps its own.
    doc.text(fitText(doc, line, at.width), at.x, y, { lineBreak: false });
    y += doc.currentLineHeight(true) + 1;
  }
  return y;
}
