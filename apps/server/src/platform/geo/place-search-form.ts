const MARKS = /\p{M}/gu;

/**
 * A place name's search form by dropping accents and case only: what `normalizeForSearch` gives for
 * most names in Latin letters, at a fraction of its cost. The place file stores the full form for the
 * names where the two differ (scripts/build-place-names.ts).
 */
export function quickSearchForm(name: string): string {
  return name
    .normalize('NFD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
