/** Pictures in the PDF kit: a figure across the page, and a two-column grid of captioned photos. */
import { contentWidth, left, type PdfDoc } from './document.ts';

/** A PNG or JPEG fitted into the page width and `height`, centred; the text goes on below it. */
export function figure(doc: PdfDoc, image: Buffer, height: number) {
  const top = doc.y;
  doc.image(image, left(doc), top, { fit: [contentWidth(doc), height], align: 'center' });
  doc.y = top + height + 2;
}

/**
 * Photos two to a row, each with a one-line caption under it; a row that does not fit starts a
 * new page. `end()` moves the text below the grid.
 */
export function imageGrid(doc: PdfDoc, gap = 16) {
  const x0 = left(doc);
  const columnWidth = (contentWidth(doc) - gap) / 2;
  let column = 0;
  let rowTop = doc.y;
  let rowBottom = doc.y;
  return {
    add(image: Buffer, size: { w: number; h: number }, caption: string) {
      const height = (columnWidth * size.h) / size.w;
      if (column === 0 && rowTop + height + 30 > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        rowTop = doc.page.margins.top;
        rowBottom = rowTop;
      }
      const x = x0 + column * (columnWidth + gap);
      doc.image(image, x, rowTop, { width: columnWidth, height });
      doc.font('regular').fontSize(8).fillColor('black');
      doc.text(caption, x, rowTop + height + 3, { width: columnWidth });
      rowBottom = Math.max(rowBottom, rowTop + height + 18);
      column = (column + 1) % 2;
      if (column === 0) rowTop = rowBottom + 8;
    },
    end() {
      doc.y = column === 0 ? rowTop : rowBottom + 8;
      doc.x = x0;
    },
  };
}
