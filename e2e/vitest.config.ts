import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts its own server on the embedded defaults and its own Chromium.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // The browser tier's time against its budget, and the slowest journeys (scripts/test-tiers.mjs).
    reporters: ['default', '../scripts/test-tiers-reporter.ts'],
  },
});
