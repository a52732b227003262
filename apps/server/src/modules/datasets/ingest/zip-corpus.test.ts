import { describe, expect, it } from 'vitest';
import { BROKEN_ZIP_KINDS, runBrokenZipCorpus } from '../../../test/broken-zip-corpus.ts';

/**
 * A seeded share of the broken-archive corpus (the whole corpus: `npx tsx scripts/zip-corpus.ts`):
 * every archive is refused or has each entry extracted or refused; nothing escapes as an error.
 */
describe('broken-archive corpus (seeded share)', () => {
  it('gives every archive and every entry a verdict, and nothing reaches the process', async () => {
    const result = await runBrokenZipCorpus({
      seed: 15,
      count: (BROKEN_ZIP_KINDS.length - 1) * 20,
      manyEntryArchives: 1,
      manyEntries: 10_000,
      limits: { maxEntries: 100_000, maxRatio: 200, maxTotalBytes: 1024 ** 4 },
    });
    expect(result.unexpected).toEqual([]);
    expect(result.archives).toBe((BROKEN_ZIP_KINDS.length - 1) * 20 + 1);
    // Each kind shows up on the side it should: damaged entries, refused archives, the many-entry ones.
    expect(result.entriesDamaged).toBeGreaterThan(10);
    expect(result.refused).toBeGreaterThan(10);
    expect(result.entriesExtracted).toBeGreaterThanOrEqual(10_000);
  }, 120_000);
});
