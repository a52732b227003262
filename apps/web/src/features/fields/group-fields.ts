import type { FieldView } from '@ampelos/domain';

export interface FieldGroup {
  /** Stable key: country and region. */
  key: string;
  country: string | null;
  /** ISO code of the country, for its name in the interface language. */
  countryCode: string | null;
  region: string | null;
  fields: FieldView[];
  /** Square metres. */
  totalArea: number;
}

export type FieldListRow =
  | { kind: 'group'; group: FieldGroup; collapsed: boolean }
  | { kind: 'field'; field: FieldView; groupKey: string };

/** Accents and case ignored: "Νάουσα" matches "ναουσα". */
export function normaliseSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Fields whose title contains the typed text (case and accents ignored). */
export function filterFieldsByName(fields: readonly FieldView[], query: string): FieldView[] {
  const needle = normaliseSearch(query);
  if (!needle) return [...fields];
  return fields.filter((field) => normaliseSearch(field.title).includes(needle));
}

const collator = new Intl.Collator('en', { sensitivity: 'base' });
/** Fields with no known place sort last. */
const compareNullableText = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : collator.compare(a, b);

/**
 * Groups by country, then region (spec: "grouped by region and country"). Groups sort by country and
 * region name, unknown places last; inside a group the fields keep the server's order (newest first).
 */
export function groupFields(fields: readonly FieldView[]): FieldGroup[] {
  const groups = new Map<string, FieldGroup>();
  for (const field of fields) {
    const country = field.location?.country?.trim() || null;
    const region = field.location?.region?.trim() || null;
    const key = `${country ?? ''}\u0000${region ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      const countryCode = field.location?.countryCode ?? null;
      group = { key, country, countryCode, region, fields: [], totalArea: 0 };
      groups.set(key, group);
    }
    group.fields.push(field);
    group.totalArea += field.area;
  }
  return [...groups.values()].sort(
    (a, b) => compareNullableText(a.country, b.country) || compareNullableText(a.region, b.region),
  );
}

/** The flat list the virtualised view renders: a header row per group, then its fields unless collapsed. */
export function flattenGroups(groups: readonly FieldGroup[], collapsed: ReadonlySet<string>): FieldListRow[] {
  const rows: FieldListRow[] = [];
  for (const group of groups) {
    const isCollapsed = collapsed.has(group.key);
    rows.push({ kind: 'group', group, collapsed: isCollapsed });
    if (!isCollapsed)
      for (const field of group.fields) rows.push({ kind: 'field', field, groupKey: group.key });
  }
  return rows;
}
