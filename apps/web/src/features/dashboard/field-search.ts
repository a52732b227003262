import { normalizeForSearch } from '@ampelos/domain';
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/** Lower case, no accents, Greek transliterated: "nemea" finds "Κτήμα Νεμέα". */
const fold = normalizeForSearch;

/**
 * Field titles by relevance: the exact title first, then titles starting with the search, then those
 * containing it (10,000 fields share prefixes, so list order alone would hide the one typed).
 */
export const fieldTitleFilter: OptionsFilter = ({ options, search, limit }) => {
  const query = fold(search);
  const items = options.filter((option): option is ComboboxItem => 'value' in option);
  if (!query) return items.slice(0, limit) as ComboboxParsedItem[];
  const ranked: [number, ComboboxItem][] = [];
  for (const item of items) {
    const title = fold(item.label);
    const rank = title === query ? 0 : title.startsWith(query) ? 1 : title.includes(query) ? 2 : -1;
    if (rank >= 0) ranked.push([rank, item]);
  }
  ranked.sort((a, b) => a[0] - b[0] || a[1].label.length - b[1].label.length);
  return ranked.slice(0, limit).map(([, item]) => item);
};
