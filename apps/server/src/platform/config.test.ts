import { describe, expect, it } from 'vitest';
import { imagingConcurrencyFor, loadConfig } from './config.ts';

describe('the analysis concurrency', () => {
  it('defaults to half the cores, at least one and at most four', () => {
    expect([1, 2, 3, 4, 6, 8, 16, 64].map(imagingConcurrencyFor)).toEqual([1, 1, 1, 2, 3, 4, 4, 4]);
  });

  it('takes IMAGING_CONCURRENCY when it is set, and refuses zero', () => {
    expect(loadConfig({ IMAGING_CONCURRENCY: '3' }).imaging.concurrency).toBe(3);
    expect(() => loadConfig({ IMAGING_CONCURRENCY: '0' })).toThrow(/IMAGING_CONCURRENCY/);
  });
});
