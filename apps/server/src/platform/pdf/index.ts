/**
 * The PDF document kit: every PDF the server writes (report, order documents, flight guide) is drawn
 * with it, so fonts, page furniture, tables and charts look and behave the same. Modules never import
 * pdfkit themselves.
 */
export {
  bullets,
  type HeadingStyle,
  heading,
  keyValueRows,
  note,
  notice,
  swatch,
  textColumn,
} from './blocks.ts';
export {
  band,
  barRows,
  bars,
  type ChartBox,
  legend,
  line,
  niceTicks,
  type TimeChart,
  timeChart,
} from './charts.ts';
export {
  contentWidth,
  ensureRoom,
  fitText,
  left,
  openPdf,
  type PdfDoc,
  pageFooters,
  pageFull,
} from './document.ts';
export { figure, imageGrid } from './images.ts';
export { type LineColumn, lineTable, ruledRows, table } from './tables.ts';
