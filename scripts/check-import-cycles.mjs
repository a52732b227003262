#!/usr/bin/env node
// Fails when the relative imports (type-only ones included) of the given source folders form a circle.
// Usage: node scripts/check-import-cycles.mjs packages/domain/src [more folders]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/** Every elementary circle found by a depth-first walk, each reported once from its first file. */
export function findCycles(files) {
  const edges = new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(IMPORT)]
        .map((m) => resolveImport(file, m[1] ?? m[2]))
        .filter(Boolean);
      return [file, [...new Set(targets)]];
    }),
  );
  const cycles = new Map();
  const state = new Map(); // file → 'open' while on the stack, 'done' after
  const stack = [];
  const visit = (file) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') {
        const loop = stack.slice(stack.indexOf(next));
        const key = [...loop].sort().join('|');
        if (!cycles.has(key)) cycles.set(key, [...loop, next]);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return [...cycles.values()];
}

const folders = process.argv.slice(2);
if (folders.length > 0) {
  const cycles = findCycles(folders.flatMap((folder) => sourceFiles(resolve(folder))));
  for (const cycle of cycles)
    console.error(`import cycle: ${cycle.map((f) => relative(process.cwd(), f)).join(' → ')}`);
  if (cycles.length > 0) process.exit(1);
}
