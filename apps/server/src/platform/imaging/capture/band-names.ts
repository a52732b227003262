import type { SpectralBand } from '../types.ts';

// A leaf module: the camera model and the band loader both name bands, neither imports the other.
export type BandName = 'red' | 'green' | 'blue' | 'nir' | 'redEdge';

/** The spectral role of a band file, from its name or else its central wavelength. */
export function bandNameOf(band: SpectralBand | null): BandName | null {
  if (!band) return null;
  const name = band.name.toLowerCase().replace(/[\s_-]/g, '');
  if (name === 'rededge' || name === 're') return 'redEdge';
  if (name === 'nir' || name.includes('infrared')) return 'nir';
  if (name === 'red' || name === 'green' || name === 'blue') return name;
  const nm = band.centralWavelengthNm;
  if (nm === null) return null;
  if (nm < 500) return 'blue';
  if (nm < 600) return 'green';
  if (nm < 690) return 'red';
  if (nm < 760) return 'redEdge';
  return 'nir';
}
