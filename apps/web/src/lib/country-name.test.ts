import { describe, expect, it } from 'vitest';
import { countryName, storedCountryName } from './country-name.ts';

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
  it("names an address's stored English country in the interface language", () => {
    expect(storedCountryName('Greece', 'el')).toBe('Ελλάδα');
    expect(storedCountryName('Turkey', 'el')).toBe('Τουρκία');
    expect(storedCountryName('Greece', 'en')).toBe('Greece');
    expect(storedCountryName('Atlantis', 'el')).toBe('Atlantis');
  });
});
