import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create, type Font } from 'fontkit';

// DejaVu covers Latin and Greek; the PDF's built-in fonts have no Greek glyphs.
const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);

let fonts: { regular: Font; bold: Font } | undefined;

/**
 * DejaVu Sans regular and bold, parsed once per process. Given the files, pdfkit parsed them again
 * for every document, and the first lines laid out in each paid for reading the font's tables:
 * ~110 ms of a report PDF's CPU (the same bytes either way).
 */
export function loadPdfFonts() {
  fonts ??= {
    regular: create(readFileSync(path.join(fontDir, 'DejaVuSans.ttf'))),
    bold: create(readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf'))),
  };
  return fonts;
}
