/**
 * Bytes in binary units up to GB, as the dataset limit counts them (DATASET_MAX_BYTES is
 * 1000 × 1024³ bytes, shown as "1000 GB", the spec's "1 terabyte (= 1000 GB)").
 */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** Seconds as "1 h 05 min", "4 min 10 s" or "12 s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${s} s`;
}

interface Sample {
  at: number;
  bytes: number;
}

/**
 * Upload speed over the last few seconds (a moving window, so a pause or a burst does not swing
 * the estimate for long) and the time left at that speed.
 */
export function createTransferRate(windowMs = 5000) {
  let samples: Sample[] = [];
  return {
    /** Records the total bytes sent so far at time `at` (ms). */
    add(at: number, bytes: number) {
      samples.push({ at, bytes });
      samples = samples.filter((sample) => sample.at >= at - windowMs);
    },
    /** Forgets the history (after a pause the old speed says nothing). */
    reset() {
      samples = [];
    },
    bytesPerSecond(): number | null {
      const first = samples[0];
      const last = samples.at(-1);
      if (!first || !last || last.at - first.at < 250) return null;
      return ((last.bytes - first.bytes) * 1000) / (last.at - first.at);
    },
    secondsLeft(remainingBytes: number): number | null {
      const speed = this.bytesPerSecond();
      return speed && speed > 0 ? remainingBytes / speed : null;
    },
  };
}
