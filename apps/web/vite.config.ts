import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import presetMantine from 'postcss-preset-mantine';
import { defineConfig, type Plugin } from 'vite';
import { maplibreFromSource } from './scripts/maplibre-source-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';

// AMPELOS_API_URL lets a second server instance be used while developing (default: the API on :3000).
// ws: the live notifications socket (/api/realtime) goes through the same proxy.
const apiProxy = {
  '/api': { target: process.env.AMPELOS_API_URL ?? 'http://localhost:3000', changeOrigin: false, ws: true },
};

/**
 * The sign-in frame and the app's start (first-paint.js) written inline where index.html has
 * `<!-- first-paint.js -->`, so it paints with no request of its own (the server admits it by its hash
 * in the CSP). In the build, the app's entry and its modulepreloads leave <head> for that script, which
 * asks for them itself (after the frame's first paint on /login, at once elsewhere), and the app's
 * stylesheet moves to just after it: a stylesheet in <body> holds back only what follows it, so the
 * frame paints without waiting for it. It stays before #root, where MantineProvider writes the theme's
 * CSS variables, so the theme still overrides Mantine's defaults.
 */
function inlineFirstPaint(): Plugin {
  const marker = '<!-- first-paint.js -->';
  const appFiles = 'null /* app files */';
  const source = path.join(import.meta.dirname, 'first-paint.js');
  return {
    name: 'ampelos:inline-first-paint',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!html.includes(marker)) return html;
        let page = html;
        let app: { entry: string; imports: string[] } | null = null;
        if (context.bundle) {
          const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page);
          if (!entry?.[1]) throw new Error('index.html: no entry module to start from first-paint.js');
          const preloads = [...page.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
          app = { entry: entry[1], imports: preloads.map((match) => match[1] ?? '') };
          for (const tag of [entry[0], ...preloads.map((match) => match[0])]) page = page.replace(tag, '');
        }
        // Comment lines and indentation are bytes every visit would download.
        const code = readFileSync(source, 'utf8')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '' && !line.startsWith('//'))
          .join('\n');
        if (!code.includes(appFiles)) throw new Error(`first-paint.js must end with (${appFiles})`);
        const script = code.replace(appFiles, JSON.stringify(app));
        if (/<\/script/i.test(script))
          throw new Error('first-paint.js cannot hold "</script" (it is inlined)');
        const links = page.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        const without = links.reduce((rest, link) => rest.replace(link, ''), page);
        return without.replace(marker, `<script>${script}</script>${links.join('')}`);
      },
    },
  };
}

/**
 * Mantine's ScrollArea imports only `useMergeRefs` from @floating-ui/react, but the bundler places a
 * module whole, so that package (positioning and interactions, 43 KB minified) went with every screen
 * that has a table or a dialog. ScrollArea gets the same hook from src/lib/merge-refs.ts; popovers,
 * tooltips and menus still import the package, and only what shows one downloads it.
 */
function scrollAreaOwnMergeRefs(): Plugin {
  const scrollArea = /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
  const mergeRefs = path.join(import.meta.dirname, 'src/lib/merge-refs.ts');
  return {
    name: 'ampelos:scroll-area-own-merge-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '@floating-ui/react' && importer && scrollArea.test(importer) ? mergeRefs : null;
    },
  };
}

const isMapLibreSource = (id: string) => /[\\/]node_modules[\\/]maplibre-gl[\\/]src[\\/]/.test(id);
const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id) || id.startsWith('\0');

export default defineConfig({
  plugins: [scrollAreaOwnMergeRefs(), maplibreFromSource(), react(), precompress(), inlineFirstPaint()],
  css: { postcss: { plugins: [presetMantine()] } },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each route loads (the first-visit byte budget in e2e reads it).
    manifest: true,
    rolldownOptions: {
      // Merging shared modules into the entry chunk is on by default: it would put what several screens
      // share (dialogs, scroll areas) on the sign-in page too.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        // The catalogue's chunks by a name that says what they are, `i18n-<lang>-<namespace>` (the
        // first-visit check looks for them), and what MapLibre's worker shares with the map
        // (scripts/maplibre-source-plugin.ts) likewise.
        chunkFileNames: (chunk) => {
          const catalogue = /[\\/]src[\\/]i18n[\\/](en|el)[\\/](\w+)\.json$/.exec(chunk.facadeModuleId ?? '');
          if (catalogue) return `assets/i18n-${catalogue[1]}-${catalogue[2]}-[hash].js`;
          if (
            !chunk.isEntry &&
            chunk.moduleIds.some(isMapLibreSource) &&
            chunk.moduleIds.every(inNodeModules)
          )
            return 'assets/maplibre-shared-[hash].js';
          return 'assets/[name]-[hash].js';
        },
        // Every screen is its own chunk (React.lazy in the router) and the bundler shares what they have
        // in common. Only React gets a fixed chunk: every route needs it and it changes least often.
        // Grouping more (all of Mantine, all libraries) would put what one screen uses on every screen.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
});
