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
 * The app's stylesheet from <head> to between public/first-paint.js and #root: a stylesheet in <body>
 * holds back only what follows it, so the sign-in frame paints without waiting for it, while #root
 * (and the app's scripts) still wait. It stays before #root, where MantineProvider writes the theme's
 * CSS variables, so the theme still overrides Mantine's defaults.
 */
function stylesheetAfterFirstPaint(): Plugin {
  const firstPaint = '<script src="/first-paint.js"></script>';
  return {
    name: 'ampelos:stylesheet-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(firstPaint)) return html;
        const links = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        const without = links.reduce((rest, link) => rest.replace(link, ''), html);
        return without.replace(firstPaint, `${firstPaint}${links.join('')}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), stylesheetAfterFirstPaint()],
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
