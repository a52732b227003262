/** exifr output with `mergeOutput: false`: one object per segment or XMP namespace prefix. */
export type TagGroups = Record<string, Record<string, unknown> | undefined>;

/** A number from the first group/tag that has one; XMP strings such as "+45.20" are parsed. */
export function firstNumber(tags: TagGroups, paths: [string, string][]): number | null {
  for (const [group, tag] of paths) {
    const value = findTag(tags[group], tag);
    const parsed = toNumber(value);
    if (parsed !== null) return parsed;
  }
  return null;
}

export function firstString(tags: TagGroups, paths: [string, string][]): string | null {
  for (const [group, tag] of paths) {
    const value = findTag(tags[group], tag);
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return null;
}

// XMP attribute names differ in case between writers (GpsLongtitude vs GPSLongtitude).
function findTag(group: Record<string, unknown> | undefined, tag: string): unknown {
  if (!group) return undefined;
  if (tag in group) return group[tag];
  const lower = tag.toLowerCase();
  for (const key of Object.keys(group)) if (key.toLowerCase() === lower) return group[key];
  return undefined;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const parsed = Number.parseFloat(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  if (Array.isArray(value) && value.length === 1) return toNumber(value[0]);
  return null;
}
