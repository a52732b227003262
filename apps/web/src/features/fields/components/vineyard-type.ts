import { vineyardTypeLabel } from '@ampelos/domain';
import type { TFunction } from 'i18next';

const KEYS: Record<string, string> = {
  Vinification: 'vinification',
  'Table Grape': 'tableGrape',
  'Raisin Grape': 'raisinGrape',
};

/** The vineyard type label in the interface language; any value other than 1–3 reads Other. */
export function vineyardTypeText(t: TFunction, usedFor: unknown): string {
  return t(`fields.vineyardTypes.${KEYS[vineyardTypeLabel(usedFor)] ?? 'other'}`);
}

export const VINEYARD_TYPE_OPTIONS = [
  { value: '1', key: 'vinification' },
  { value: '2', key: 'tableGrape' },
  { value: '3', key: 'raisinGrape' },
] as const;
