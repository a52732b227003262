import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts its own server on the embedded defaults and its own Chromium.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    // A journey that follows an analysis waits up to 240 s for it (datasets, results); CI runs the
    // journeys beside the unit tier (.ci/run), so a journey gets part of a core, not a core of its own.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // One server start on an empty data directory; each journey's server starts on a copy of its database.
    globalSetup: ['support/global-setup.ts'],
    // One journey at a time: CI overlaps the whole tier with the unit tier instead (docs/TESTING.md).
    fileParallelism: false,
    // A poll waits for what the page shows after a request: one second (the default) is less than a
    // loaded machine takes to fetch and render a list.
    expect: { poll: { timeout: 30_000 } },
    // The browser tier's time against its budget, and the slowest journeys (scripts/test-tiers.mjs).
    reporters: ['default', '../scripts/test-tiers-reporter.ts'],
  },
});
