import react from '@vitejs/plugin-react';
import presetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';

// AMPELOS_API_URL lets a second server instance be used while developing (default: the API on :3000).
// ws: the live notifications socket (/api/realtime) goes through the same proxy.
const apiProxy = {
  '/api': { target: process.env.AMPELOS_API_URL ?? 'http://localhost:3000', changeOrigin: false, ws: true },
};

export default defineConfig({
  plugins: [react()],
  css: { postcss: { plugins: [presetMantine()] } },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks keep them cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, priority: 2 },
            // Maps, drawing and boundary files: large, and only the map screens need them.
            {
              name: 'maps',
              test: /node_modules[\\/](maplibre-gl|terra-draw|terra-draw-maplibre-gl-adapter|@turf|@tmcw|jszip|shpjs|proj4|but-unzip|parsedbf)[\\/]/,
              priority: 2,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
