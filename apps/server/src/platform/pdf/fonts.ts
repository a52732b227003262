import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// DejaVu covers Latin and Greek; the PDF's built-in fonts have no Greek glyphs.
const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);

let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** DejaVu Sans regular and bold, read once. */
export function loadPdfFonts() {
  fonts ??= {
    regular: readFileSync(path.join(fontDir, 'DejaVuSans.ttf')),
    bold: readFileSync(path.join(fontDir, 'DejaVuSans-Bold.ttf')),
  };
  return fonts;
}
