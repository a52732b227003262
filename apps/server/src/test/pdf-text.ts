import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Whether poppler-utils (pdfinfo, pdftotext) is installed; the PDF text checks need it. */
export const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;

function withFile<T>(pdf: Buffer, work: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'ampelos-pdf-'));
  const file = path.join(dir, 'document.pdf');
  try {
    writeFileSync(file, pdf);
    return work(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `pdfinfo` of a PDF as key → value (throws when poppler cannot parse it). */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  return withFile(pdf, (file) => {
    const result = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pdfinfo failed: ${result.stderr}`);
    return Object.fromEntries(
      result.stdout
        .split('\n')
        .map((line) => line.split(/:\s+/, 2))
        .filter((pair): pair is [string, string] => pair.length === 2),
    );
  });
}

/** The text poppler extracts, whitespace collapsed (what a reader or a screen reader gets). */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (file) => {
    const result = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
    return result.stdout.replace(/\s+/g, ' ');
  });
}
