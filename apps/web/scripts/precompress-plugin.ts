import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; source maps are only fetched by developer tools. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this the headers cost more than compression saves. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` beside `file` when they are smaller; returns the sizes written. */
export async function compressFile(file: string): Promise<{ br: number; gz: number } | null> {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length >= source.length) return null;
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return { br: br.length, gz: gz.length };
}

/**
 * Precompressed `.br` and `.gz` beside every text asset of the build, so the server (and nginx's
 * gzip_static) sends them as they are instead of compressing on every request, or not at all.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ampelos:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      if (!(await stat(outDir).catch(() => null))) return;
      // .vite/ holds the build manifest, read by tools and never served.
      const files = (await filesUnder(outDir)).filter(
        (file) => COMPRESSIBLE.test(file) && !path.relative(outDir, file).startsWith('.vite'),
      );
      await Promise.all(files.map(compressFile));
    },
  };
}
