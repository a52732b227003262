import { regionLabel, type ShootFieldView } from '@ampelos/domain';
import { countryName } from '../../lib/country-name.ts';

/**
 * "Peloponnese, Greece" ("Πελοπόννησος, Ελλάδα" in Greek); `unknown` when the server could not place
 * the field (or it was deleted).
 */
export function fieldLocationText(field: ShootFieldView | null, unknown: string, language = 'en'): string {
  const parts = field
    ? [
        regionLabel(field.location.region, language),
        countryName(field.location.countryCode, field.location.country, language),
      ]
    : [];
  const named = parts.filter((part): part is string => Boolean(part?.trim()));
  return named.length > 0 ? named.join(', ') : unknown;
}
