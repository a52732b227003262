import { regionLabel, type ShootFieldView } from '@ampelos/domain';

function countryLabel(location: ShootFieldView['location'], language: string): string | null {
  const code = location.countryCode;
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return location.country;
  try {
    return (
      new Intl.DisplayNames([language === 'el' ? 'el' : 'en'], { type: 'region' }).of(code) ??
      location.country
    );
  } catch {
    return location.country;
  }
}

/**
 * "Peloponnese, Greece" ("Πελοπόννησος, Ελλάδα" in Greek); `unknown` when the server could not place
 * the field (or it was deleted).
 */
export function fieldLocationText(field: ShootFieldView | null, unknown: string, language = 'en'): string {
  const parts = field
    ? [regionLabel(field.location.region, language), countryLabel(field.location, language)]
    : [];
  const named = parts.filter((part): part is string => Boolean(part?.trim()));
  return named.length > 0 ? named.join(', ') : unknown;
}
