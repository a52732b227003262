import type { ShootFieldView } from '@ampelos/domain';

/** "Peloponnese, Greece"; `unknown` when the server could not place the field (or it was deleted). */
export function fieldLocationText(field: ShootFieldView | null, unknown: string): string {
  const parts = [field?.location.region, field?.location.country].filter((part): part is string =>
    Boolean(part?.trim()),
  );
  return parts.length > 0 ? parts.join(', ') : unknown;
}
