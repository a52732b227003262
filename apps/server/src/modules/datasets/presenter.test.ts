import { describe, expect, it } from 'vitest';
import { datasetProgress } from './presenter.ts';
import type { DatasetRow } from './repository.ts';

const dataset = (status: string) => ({ status }) as DatasetRow;

describe('dataset progress', () => {
  it('counts two steps per unit and one final step, with the phase the user sees', () => {
    expect(datasetProgress(dataset('open'), {})).toEqual({ phase: 'uploading', done: 0, total: 0 });
    expect(datasetProgress(dataset('validating'), {})).toEqual({ phase: 'validating', done: 0, total: 0 });
    expect(datasetProgress(dataset('processing'), { pending: 3, measured: 1 })).toEqual({
      phase: 'measuring',
      done: 1,
      total: 9,
    });
    expect(datasetProgress(dataset('processing'), { measured: 2, detected: 2 })).toEqual({
      phase: 'detecting',
      done: 6,
      total: 9,
    });
    // All detected (one failed for good): only the final step is left.
    expect(datasetProgress(dataset('processing'), { detected: 3, failed: 1 })).toEqual({
      phase: 'finalizing',
      done: 8,
      total: 9,
    });
    expect(datasetProgress(dataset('complete'), { detected: 4 })).toEqual({
      phase: 'complete',
      done: 9,
      total: 9,
    });
  });
});
