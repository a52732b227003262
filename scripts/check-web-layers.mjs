#!/usr/bin/env node
// Fails when the web app's imports break its one-way flow: shared code (components, lib, config, i18n,
// types) → features → app. A feature never imports another feature or the app; shared code imports
// neither features nor the app (docs/ARCHITECTURE.md). Usage: node scripts/check-web-layers.mjs
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Where a file sits: `app`, `feature:<name>`, or `shared` (everything else under src). */
export function layerOf(path) {
  const [top, second] = relative(WEB_SRC, path).split(sep);
  if (top === 'app' || top === 'main.tsx') return 'app';
  if (top === 'features') return `feature:${second}`;
  return 'shared';
}

/** Why `from` may not import `to`, or null when it may. */
export function violation(from, to) {
  const [a, b] = [layerOf(from), layerOf(to)];
  if (a === b || a === 'app' || b === 'shared') return null;
  if (b === 'app') return 'imports the app';
  if (a === 'shared') return `shared code imports ${b}`;
  return `${a} imports ${b}`;
}

function main() {
  const problems = [];
  for (const file of sourceFiles(WEB_SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), match[1] ?? match[2]);
      if (!target.startsWith(WEB_SRC) || !existsSync(dirname(target))) continue;
      const why = violation(file, target);
      if (why) problems.push(`${relative(WEB_SRC, file)}: ${why} (${match[1] ?? match[2]})`);
    }
  }
  if (problems.length) {
    console.error(`Web import layers broken (shared → features → app):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Web import layers: shared → features → app, no feature imports another');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
