import { createRequire } from 'node:module';
import path from 'node:path';
import { type Plugin, transformWithOxc } from 'vite';

const packageDir = path.dirname(createRequire(import.meta.url).resolve('maplibre-gl/package.json'));
const mainEntry = path.join(packageDir, 'src/index.ts');
const workerEntry = path.join(packageDir, 'src/source/worker.ts');
const sourceFile = /[\\/]node_modules[\\/]maplibre-gl[\\/]src[\\/].*\.ts$/;

/** `import workerUrl from 'virtual:maplibre-worker-url'`: the URL of MapLibre's worker module. */
const WORKER_URL_MODULE = 'virtual:maplibre-worker-url';
const resolvedWorkerUrl = `\0${WORKER_URL_MODULE}`;

/**
 * The production build compiles MapLibre from the TypeScript sources its package ships, with its
 * worker as a second entry of the same build. The prebuilt files (dist/) are two self-contained
 * bundles: the map and its worker each carry their own copy of the style specification, the tile
 * decoders and the utilities (94 KB of the 368 KB they weigh with brotli). Built here, the bundler puts
 * what both use in a chunk of its own: the page downloads it with the map, and the worker, a module
 * of 6 KB, imports it from the browser's cache. docs/decisions/web.md has the measurement.
 *
 * The dev server keeps the prebuilt files (no 650 modules to compile on each page load); the browser
 * journeys run the production build.
 */
export function maplibreFromSource(): Plugin {
  let building = false;
  return {
    name: 'ampelos:maplibre-from-source',
    enforce: 'pre',
    // The sources are written for TypeScript's `useDefineForClassFields: false`: subclasses re-declare
    // fields their base constructor sets (the struct arrays' typed-array views), which the standard
    // semantics would reset to undefined. No tsconfig of ours reaches node_modules, so this plugin
    // compiles those files with that option and Vite's compiler leaves them alone.
    config: (_config, env) =>
      env.command === 'build' ? { oxc: { exclude: [/\.js$/, sourceFile] } } : undefined,
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(source) {
      if (source === WORKER_URL_MODULE) return resolvedWorkerUrl;
      if (building && source === 'maplibre-gl') return mainEntry;
      return null;
    },
    load(id) {
      if (id !== resolvedWorkerUrl) return null;
      if (!building) return `export { default } from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';`;
      const reference = this.emitFile({ type: 'chunk', id: workerEntry, name: 'maplibre-worker' });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
    async transform(code, id) {
      if (!building || !sourceFile.test(id)) return null;
      const result = await transformWithOxc(code, id, {
        lang: 'ts',
        sourcemap: true,
        assumptions: { setPublicClassFields: true },
        typescript: { removeClassFieldsWithoutInitializer: true },
      });
      return { code: result.code, map: result.map };
    },
  };
}
