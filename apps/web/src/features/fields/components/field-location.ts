import type { FieldView } from '@ampelos/domain';
import type { TFunction } from 'i18next';

/** "Central Macedonia, Greece"; "Unknown location" when the server could not place it. */
export function fieldLocationText(t: TFunction, location: FieldView['location'] | null | undefined): string {
  const parts = [location?.region, location?.country].filter((part): part is string => Boolean(part?.trim()));
  return parts.length > 0 ? parts.join(', ') : t('fields.unknownLocation');
}
