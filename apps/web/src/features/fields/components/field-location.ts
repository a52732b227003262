import { type FieldView, regionLabel } from '@ampelos/domain';
import type { TFunction } from 'i18next';
import { countryName } from '../../../lib/country-name.ts';

/** "Central Macedonia, Greece" ("Κεντρική Μακεδονία, Ελλάδα" in Greek); "Unknown location" when the server could not place it. */
export function fieldLocationText(
  t: TFunction,
  location: FieldView['location'] | null | undefined,
  language = 'en',
): string {
  const country = countryName(location?.countryCode, location?.country ?? null, language);
  const parts = [regionLabel(location?.region, language), country].filter((part): part is string =>
    Boolean(part?.trim()),
  );
  return parts.length > 0 ? parts.join(', ') : t('fields.unknownLocation');
}
