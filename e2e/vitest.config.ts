import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts its own server on the embedded defaults and its own Chromium.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A poll waits for what the page shows after a request: one second (the default) is less than a
    // loaded machine takes to fetch and render a list.
    expect: { poll: { timeout: 30_000 } },
    // The browser tier's time against its budget, and the slowest journeys (scripts/test-tiers.mjs).
    reporters: ['default', '../scripts/test-tiers-reporter.ts'],
  },
});
