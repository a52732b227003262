/** Page layout shared by the report PDF's pages: margins, colours, headings and tables. */

export const MARGIN = 48;
export const ACCENT = '#2f6b2a';

export function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.font('bold').fontSize(16).fillColor(ACCENT).text(text).moveDown(0.4).fillColor('black');
}

/** Two-column rows of label and value; a row is as tall as its taller cell. */
export function factsTable(doc: PDFKit.PDFDocument, rows: [string, string][]) {
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('bold').fontSize(10);
    const labelHeight = doc.heightOfString(label, { width: 170 });
    doc.text(label, MARGIN, y, { width: 170 });
    doc.font('regular').fontSize(10);
    const valueHeight = doc.heightOfString(value, { width: 320 });
    doc.text(value, MARGIN + 180, y, { width: 320 });
    doc.y = y + Math.max(labelHeight, valueHeight) + 4;
  }
  doc.x = MARGIN;
}

/** A simple table: header row and body rows with fixed column widths, rows as tall as their cells. */
export function table(
  doc: PDFKit.PDFDocument,
  columns: { title: string; width: number }[],
  rows: string[][],
  swatch?: string[],
) {
  const SWATCH = 13;
  const drawRow = (cells: string[], bold: boolean, colour?: string) => {
    doc.font(bold ? 'bold' : 'regular').fontSize(9);
    const widthOf = (i: number) => (columns[i]?.width ?? 80) - 4 - (i === 0 && colour ? SWATCH : 0);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widthOf(i) })));
    if (doc.y + height > doc.page.height - MARGIN - 20) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      if (i === 0 && colour) {
        doc
          .rect(x, y + 1, 9, 9)
          .fill(colour)
          .fillColor('black');
        doc.font(bold ? 'bold' : 'regular').fontSize(9);
        doc.text(cell, x + SWATCH, y, { width: widthOf(i) });
      } else {
        doc.text(cell, x, y, { width: widthOf(i) });
      }
      x += columns[i]?.width ?? 80;
    });
    doc.y = y + height + 3;
    doc.x = MARGIN;
  };
  drawRow(
    columns.map((c) => c.title),
    true,
  );
  for (const [i, row] of rows.entries()) drawRow(row, false, swatch?.[i]);
  doc.moveDown(0.6);
}
