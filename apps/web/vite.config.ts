import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import presetMantine from 'postcss-preset-mantine';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress-plugin.ts';

// AMPELOS_API_URL lets a second server instance be used while developing (default: the API on :3000).
// ws: the live notifications socket (/api/realtime) goes through the same proxy.
const apiProxy = {
  '/api': { target: process.env.AMPELOS_API_URL ?? 'http://localhost:3000', changeOrigin: false, ws: true },
};

/**
 * The sign-in frame (first-paint.js) written inline where index.html has `<!-- first-paint.js -->`, so it paints with no
 * request of its own (the server admits it by its hash in the CSP), and, in the build, the app's
 * stylesheet moved from <head> to just after it: a stylesheet in <body> holds back only what follows it,
 * so the frame paints without waiting for it, while #root (and the app's scripts) still wait. It stays
 * before #root, where MantineProvider writes the theme's CSS variables, so the theme still overrides
 * Mantine's defaults.
 */
function inlineFirstPaint(): Plugin {
  const marker = '<!-- first-paint.js -->';
  const source = path.join(import.meta.dirname, 'first-paint.js');
  return {
    name: 'ampelos:inline-first-paint',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(marker)) return html;
        // Comment lines and indentation are bytes every visit would download.
        const code = readFileSync(source, 'utf8')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '' && !line.startsWith('//'))
          .join('\n');
        if (/<\/script/i.test(code)) throw new Error('first-paint.js cannot hold "</script" (it is inlined)');
        const links = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        const without = links.reduce((rest, link) => rest.replace(link, ''), html);
        return without.replace(marker, `<script>${code}</script>${links.join('')}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), inlineFirstPaint()],
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
        // The language catalogues by a name that says what they are (the first-visit check looks for them).
        chunkFileNames: (chunk) =>
          /[\\/]src[\\/]i18n[\\/]\w+\.json$/.test(chunk.facadeModuleId ?? '')
            ? 'assets/i18n-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
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
