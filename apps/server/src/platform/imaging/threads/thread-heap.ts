import { setFlagsFromString } from 'node:v8';

/**
 * Old space (MB) an analysis thread's heap starts with. A thread's heap is small (~16 MB live) and
 * each photo leaves a few MB that outlive young collections, so from V8's default start a full
 * collection, with its concurrent marking on V8's helper threads, ran 2–3 times per photo and
 * phase (32 in a round of the 6 Seneca photos; 9 from 128 MB). Peak memory of three rounds of the
 * Seneca analysis in one thread: 696 → 709 MB; their CPU 13.8 → 11.6 s.
 */
const THREAD_INITIAL_OLD_SPACE_MB = 128;

let applied = false;

/**
 * V8 reads this size when it creates an isolate, so it is set before the first thread starts: it
 * concerns the threads (and any isolate created later: only the threads here), not the main
 * thread's heap, which exists already. Worker `resourceLimits` has no initial size.
 */
export function setThreadHeapStart(): void {
  if (applied) return;
  setFlagsFromString(`--initial-old-space-size=${THREAD_INITIAL_OLD_SPACE_MB}`);
  applied = true;
}
