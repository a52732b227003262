import { COUNTRY_CODES } from './countries.ts';

/**
 * A country's name in the interface language from its ISO code ("GR" → "Ελλάδα" in Greek), through
 * the browser's own `Intl.DisplayNames`; the stored English name when there is no code.
 */
export function countryName(
  code: string | null | undefined,
  stored: string | null,
  language: string,
): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return stored;
  try {
    return (
      new Intl.DisplayNames([language === 'el' ? 'el' : 'en'], { type: 'region' }).of(code.toUpperCase()) ??
      stored
    );
  } catch {
    return stored;
  }
}

/**
 * An address's country (stored as its English name, spec section 5) in the interface language:
 * "Greece" → "Ελλάδα" in Greek; a name outside the list stays as written.
 */
export function storedCountryName(english: string, language: string): string {
  return countryName(COUNTRY_CODES[english], english, language) ?? english;
}
