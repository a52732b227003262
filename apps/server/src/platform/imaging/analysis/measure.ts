import type { Measurement, PhotoInput } from '../types.ts';

/** Phase 1: canopy segmentation and indicator histograms of one capture. */
export async function measurePhoto(_input: PhotoInput): Promise<Measurement> {
  throw new Error('not implemented');
}
