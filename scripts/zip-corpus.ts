// The whole broken-archive corpus through the ingest's zip code (issue 15): lying local and central
// sizes, corrupt deflate, truncated archives, overlapping entries, zip64 lies, random byte flips and
// archives of tens of thousands of entries. Exits 1 when anything escapes as an error instead of a
// verdict; an error reaching the process would end it before the summary.
// Usage: npx tsx scripts/zip-corpus.ts [--seed 1] [--count 5000] [--huge 5] [--many 30000]
// (--count small broken archives, then --huge archives of --many entries each)
import { parseArgs } from 'node:util';
import { runBrokenZipCorpus } from '../apps/server/src/test/broken-zip-corpus.ts';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '5000' },
    huge: { type: 'string', default: '5' },
    many: { type: 'string', default: '30000' },
  },
});
const count = Number(values.count);
const started = performance.now();
const result = await runBrokenZipCorpus({
  seed: Number(values.seed),
  count,
  manyEntryArchives: Number(values.huge),
  manyEntries: Number(values.many),
  limits: { maxEntries: 100_000, maxRatio: 200, maxTotalBytes: 1024 ** 4 },
  onArchive: (index) => {
    if (index % 200 === 0) process.stdout.write(`${index}/${count} archives\n`);
  },
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`${JSON.stringify({ ...result, unexpected: result.unexpected.length, seconds })}`);
for (const line of result.unexpected.slice(0, 20)) console.error(line);
process.exit(result.unexpected.length === 0 ? 0 : 1);
