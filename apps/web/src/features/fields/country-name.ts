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
