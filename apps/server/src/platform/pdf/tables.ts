/** Tables of the PDF kit: wrapping rows, one-line rows with repeated headings, ruled two-column rows. */

import { swatch } from './blocks.ts';
import { contentWidth, ensureRoom, fitText, left, type PdfDoc, pageFull } from './document.ts';

const SWATCH = 13;

/**
 * A header row and body rows with fixed column widths; cells wrap and a row is as tall as its
 * tallest cell. `swatches` puts a colour square before a row's first cell.
 */
export function table(
  doc: PdfDoc,
  columns: { title: string; width: number }[],
  rows: string[][],
  swatches?: string[],
  size = 9,
) {
  const x0 = left(doc);
  const drawRow = (cells: string[], bold: boolean, colour?: string) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(size);
    const widthOf = (i: number) => (columns[i]?.width ?? 80) - 4 - (i === 0 && colour ? SWATCH : 0);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widthOf(i) })));
    ensureRoom(doc, height + 20);
    const y = doc.y;
    let x = x0;
    cells.forEach((cell, i) => {
      if (i === 0 && colour) {
        swatch(doc, x, y, colour);
        doc.font(bold ? 'bold' : 'regular').fontSize(size);
        doc.text(cell, x + SWATCH, y, { width: widthOf(i) });
      } else {
        doc.text(cell, x, y, { width: widthOf(i) });
      }
      x += columns[i]?.width ?? 80;
    });
    doc.y = y + height + 3;
    doc.x = x0;
  };
  drawRow(
    columns.map((c) => c.title),
    true,
  );
  for (const [i, row] of rows.entries()) drawRow(row, false, swatches?.[i]);
  doc.moveDown(0.6);
}

export interface LineColumn {
  /** Offset from the left margin and width, in points. */
  x: number;
  width: number;
  align?: 'left' | 'right';
}

/**
 * One-line rows (cells cut with an ellipsis) under a bold, ruled heading row; a table that runs
 * over a page continues on the next under its headings again.
 */
export function lineTable<K extends string>(
  doc: PdfDoc,
  columns: Record<K, LineColumn>,
  headings: Record<K, string>,
  rows: Record<K, string>[],
  style: { size: number; rowHeight?: number },
) {
  const rowHeight = style.rowHeight ?? 15;
  const x0 = left(doc);
  const entries = Object.entries(columns) as [K, LineColumn][];
  const right = Math.max(...entries.map(([, column]) => column.x + column.width));
  const row = (cells: Record<K, string>, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(style.size);
    for (const [key, column] of entries) {
      doc.text(fitText(doc, cells[key], column.width), x0 + column.x, y, {
        width: column.width,
        align: column.align ?? 'left',
        lineBreak: false,
      });
    }
    doc.y = y + rowHeight;
  };
  const header = () => {
    row(headings, true);
    doc
      .moveTo(x0, doc.y - 3)
      .lineTo(x0 + right, doc.y - 3)
      .stroke('#999999');
  };
  header();
  for (const cells of rows) {
    if (pageFull(doc, rowHeight + 1)) {
      doc.addPage();
      header();
    }
    row(cells);
  }
}

/** Two-column rows, the first a heading, each underlined (the heading's rule in `accent`). */
export function ruledRows(doc: PdfDoc, rows: [string, string][], style: { size: number; accent: string }) {
  const x0 = left(doc);
  const width = contentWidth(doc);
  const first = width * 0.4;
  rows.forEach(([label, value], index) => {
    ensureRoom(doc, 20);
    const y = doc.y;
    doc.font(index === 0 ? 'bold' : 'regular').fontSize(style.size);
    doc.text(label, x0, y, { width: first - 8 });
    const labelEnd = doc.y;
    doc.text(value, x0 + first, y, { width: width - first });
    doc.y = Math.max(labelEnd, doc.y) + 3;
    doc
      .moveTo(x0, doc.y - 1)
      .lineTo(x0 + width, doc.y - 1)
      .lineWidth(0.5)
      .strokeColor(index === 0 ? style.accent : '#cccccc')
      .stroke();
  });
  doc.moveDown(0.6);
}
