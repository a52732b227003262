import { describe, expect, it } from 'vitest';
import { countryName } from './country-name.ts';

describe('country names in the interface language', () => {
  it('names Greece in Greek and in English from its code', () => {
    expect(countryName('GR', 'Greece', 'el')).toBe('Ελλάδα');
    expect(countryName('GR', 'Greece', 'en')).toBe('Greece');
    expect(countryName('cy', 'Cyprus', 'el')).toBe('Κύπρος');
  });
  it('keeps the stored name without a usable code', () => {
    expect(countryName(null, 'Greece', 'el')).toBe('Greece');
    expect(countryName('Greece', 'Greece', 'el')).toBe('Greece');
    expect(countryName(null, null, 'el')).toBeNull();
  });
});
