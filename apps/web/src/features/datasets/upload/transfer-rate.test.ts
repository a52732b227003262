import { DATASET_MAX_BYTES } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { createTransferRate, formatBytes, formatDuration } from './transfer-rate.ts';

describe('upload figures', () => {
  it('formats sizes in the units of the dataset limit (1000 GB)', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(DATASET_MAX_BYTES)).toBe('1000 GB');
    expect(formatBytes(250 * 1024 ** 3)).toBe('250 GB');
  });

  it('formats the time left', () => {
    expect(formatDuration(12.4)).toBe('12 s');
    expect(formatDuration(250)).toBe('4 min 10 s');
    expect(formatDuration(3900)).toBe('1 h 05 min');
  });

  it('measures speed over a moving window and estimates the time left', () => {
    const rate = createTransferRate(5000);
    expect(rate.bytesPerSecond()).toBeNull();
    rate.add(0, 0);
    rate.add(1000, 10_000_000);
    rate.add(2000, 20_000_000);
    expect(rate.bytesPerSecond()).toBe(10_000_000);
    expect(rate.secondsLeft(50_000_000)).toBe(5);
    // Older samples leave the window: a slowdown shows within seconds.
    rate.add(8000, 26_000_000);
    rate.add(9000, 27_000_000);
    expect(rate.bytesPerSecond()).toBe(1_000_000);
    rate.reset();
    expect(rate.secondsLeft(1)).toBeNull();
  });
});
