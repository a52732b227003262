import { describe, expect, it } from 'vitest';
import { GRAPE_VARIETIES, GRAPE_VARIETY_NAMES, OTHER_VARIETY_NAME } from './grape-varieties.ts';
import {
  findVariety,
  isKnownVariety,
  normalizeForSearch,
  searchVarieties,
  varietyLabel,
} from './variety-search.ts';

const firstName = (query: string) => searchVarieties(query)[0]?.name;
const names = (query: string, limit?: number) => searchVarieties(query, limit).map((v) => v.name);

describe('GRAPE_VARIETIES', () => {
  it('holds at least 300 entries with no duplicate names', () => {
    expect(GRAPE_VARIETIES.length).toBeGreaterThanOrEqual(300);
    const lower = GRAPE_VARIETIES.map((v) => v.name.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
    const normalized = GRAPE_VARIETIES.map((v) => normalizeForSearch(v.name));
    expect(new Set(normalized).size).toBe(normalized.length);
  });

  it('leads with at least 41 Greek varieties that all have a Greek name', () => {
    for (const variety of GRAPE_VARIETIES.slice(0, 41)) {
      expect(variety.nameEl, variety.name).toMatch(/^[\p{Script=Greek} ]+$/u);
    }
    expect(GRAPE_VARIETIES.slice(0, 15).map((v) => v.name)).toEqual([
      'Agiorgitiko',
      'Assyrtiko',
      'Xinomavro',
      'Moschofilero',
      'Malagousia',
      'Roditis',
      'Savatiano',
      'Mavrodafni',
      'Liatiko',
      'Mandilaria',
      'Athiri',
      'Vidiano',
      'Robola',
      'Limnio',
      'Kotsifali',
    ]);
  });

  it('ends with Other, the only entry of kind other', () => {
    expect(GRAPE_VARIETIES.at(-1)).toEqual({ name: 'Other', nameEl: 'Άλλη', kind: 'other' });
    expect(GRAPE_VARIETIES.filter((v) => v.kind === 'other')).toHaveLength(1);
    expect(OTHER_VARIETY_NAME).toBe('Other');
  });

  it('covers wine, table and raisin grapes', () => {
    expect(findVariety('Cabernet Sauvignon')?.kind).toBe('wine');
    expect(findVariety('Thompson Seedless')?.kind).toBe('table');
    expect(findVariety('Red Globe')?.kind).toBe('table');
    expect(findVariety('Korinthiaki')).toEqual({
      name: 'Korinthiaki',
      nameEl: 'Κορινθιακή σταφίδα',
      kind: 'raisin',
    });
    expect(GRAPE_VARIETY_NAMES).toEqual(GRAPE_VARIETIES.map((v) => v.name));
  });

  it('uses names within the variety field limit', () => {
    for (const variety of GRAPE_VARIETIES) {
      expect(variety.name.trim()).toBe(variety.name);
      expect(variety.name.length).toBeLessThanOrEqual(100);
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(GRAPE_VARIETIES)).toBe(true);
    expect(Object.isFrozen(GRAPE_VARIETIES[0])).toBe(true);
  });
});

describe('normalizeForSearch', () => {
  it('lowercases and strips accents', () => {
    expect(normalizeForSearch('Mérlot')).toBe('merlot');
    expect(normalizeForSearch('Gewürztraminer')).toBe('gewurztraminer');
    expect(normalizeForSearch('  Müller-Thurgau ')).toBe('muller thurgau');
  });

  it('transliterates Greek the way wine names are spelt', () => {
    expect(normalizeForSearch('Ξινόμαυρο')).toBe('xinomavro');
    expect(normalizeForSearch('ΞΙΝΟΜΑΥΡΟ')).toBe('xinomavro');
    expect(normalizeForSearch('Αγιωργίτικο')).toBe('agiorgitiko');
    expect(normalizeForSearch('Μοσχοφίλερο')).toBe('moschofilero');
    expect(normalizeForSearch('Θραψαθήρι')).toBe('thrapsathiri');
    expect(normalizeForSearch('Ντεμπίνα')).toBe('debina');
    expect(normalizeForSearch('Ρομπόλα')).toBe('robola');
    expect(normalizeForSearch('Νεγκόσκα')).toBe('negoska');
    expect(normalizeForSearch('Τσαούσι')).toBe('tsaousi');
    expect(normalizeForSearch('Σταυρωτό')).toBe('stavroto');
    expect(normalizeForSearch('ΡΟΔΙΤΗΣ')).toBe('roditis');
    expect(normalizeForSearch('Αγγελική')).toBe('angeliki');
    expect(normalizeForSearch('Ευθύμιος')).toBe('efthymios');
    expect(normalizeForSearch('Καραμπραΐμης')).toBe('karabraimis');
  });

  it('keeps a diaeresis from joining vowels', () => {
    expect(normalizeForSearch('Μαΐου')).toBe('maiou');
    expect(normalizeForSearch('Ταΰγετος')).toBe('taygetos');
  });
});

describe('searchVarieties', () => {
  it.each(['ξινομαυρο', 'Ξινόμαυρο', 'xinomavro', 'XINOMAVRO', 'ksinomavro'])(
    'finds Xinomavro for %s',
    (q) => {
      expect(firstName(q)).toBe('Xinomavro');
    },
  );

  it.each(['ασύρτικο', 'ΑΣΥΡΤΙΚΟ', 'asyrtiko', 'assyrtiko', 'asirtiko'])('finds Assyrtiko for %s', (q) => {
    expect(firstName(q)).toBe('Assyrtiko');
  });

  it('finds Greek varieties by their Greek or Latin spellings', () => {
    expect(firstName('αγιωργιτικο')).toBe('Agiorgitiko');
    expect(firstName('aghiorghitiko')).toBe('Agiorgitiko');
    expect(firstName('μοσχοφιλερο')).toBe('Moschofilero');
    expect(firstName('moscofilero')).toBe('Moschofilero');
    expect(firstName('malagouzia')).toBe('Malagousia');
    expect(firstName('σαββατιανό')).toBe('Savatiano');
    expect(firstName('savvatiano')).toBe('Savatiano');
    expect(firstName('ντεμπινα')).toBe('Debina');
    expect(firstName('βηδιανο')).toBe('Vidiano');
    expect(firstName('κορινθιακη')).toBe('Korinthiaki');
  });

  it('finds every Greek variety by its own Greek name', () => {
    for (const variety of GRAPE_VARIETIES.filter((v) => v.nameEl)) {
      expect(firstName(variety.nameEl ?? '')).toBe(variety.name);
      expect(firstName(variety.name)).toBe(variety.name);
    }
  });

  it('finds Cabernet Sauvignon and Cabernet Franc for "cabernet", prefixes before substrings', () => {
    const found = names('cabernet');
    expect(found.slice(0, 2)).toEqual(['Cabernet Sauvignon', 'Cabernet Franc']);
    expect(found).toContain('Ruby Cabernet');
    expect(found.indexOf('Ruby Cabernet')).toBeGreaterThan(found.indexOf('Cabernet Blanc'));
  });

  it('ranks exact over prefix over substring', () => {
    expect(names('mavro').slice(0, 1)).toEqual(['Mavro']);
    expect(names('mavro')).toEqual(expect.arrayContaining(['Mavrodafni', 'Xinomavro', 'Moschomavro']));
    const found = names('mavro');
    expect(found.indexOf('Mavrodafni')).toBeLessThan(found.indexOf('Xinomavro'));
    expect(names('sauvignon').slice(0, 3)).toEqual([
      'Sauvignon Blanc',
      'Sauvignon Gris',
      'Cabernet Sauvignon',
    ]);
  });

  it('ignores accents and case', () => {
    expect(firstName('mérlot')).toBe('Merlot');
    expect(firstName('MERLOT')).toBe('Merlot');
    expect(firstName('gewurztraminer')).toBe('Gewürztraminer');
    expect(firstName('carmenere')).toBe('Carménère');
    expect(firstName('muller thurgau')).toBe('Müller-Thurgau');
    expect(firstName('albarino')).toBe('Albariño');
  });

  it('finds names while the Greek is still being typed', () => {
    expect(firstName('Μαυ')).toBe('Mavrodafni');
    expect(firstName('Καραμ')).toBe('Karabraimis');
    expect(firstName('Ντ')).toBe('Debina');
    expect(firstName('ξιν')).toBe('Xinomavro');
  });

  it('matches every word of a multi-word query', () => {
    expect(firstName('pinot n')).toBe('Pinot Noir');
    expect(names('sauv gris')).toContain('Sauvignon Gris');
  });

  it('returns the whole list in order for an empty query', () => {
    expect(searchVarieties('')).toEqual(GRAPE_VARIETIES);
    expect(searchVarieties('   ')).toEqual(GRAPE_VARIETIES);
    expect(searchVarieties('').at(-1)?.name).toBe('Other');
  });

  it('honours the limit and finds nothing for an unknown name', () => {
    expect(searchVarieties('a').length).toBe(50);
    expect(searchVarieties('a', 5)).toHaveLength(5);
    expect(searchVarieties('a', 0)).toEqual([]);
    expect(searchVarieties('no such grape')).toEqual([]);
    expect(firstName('other')).toBe('Other');
  });

  it('stays a pure function over 1,000 queries', () => {
    const before = JSON.stringify(GRAPE_VARIETIES);
    const queries = Array.from({ length: 1_000 }, (_, i) => {
      const variety = GRAPE_VARIETIES[i % GRAPE_VARIETIES.length];
      const text = i % 2 === 0 ? (variety?.nameEl ?? variety?.name ?? '') : (variety?.name ?? '');
      return text.slice(0, 1 + (i % 6));
    });
    const first = queries.map((q) => names(q, 10));
    const second = queries.map((q) => names(q, 10));
    expect(second).toEqual(first);
    expect(first.every((result) => result.length > 0)).toBe(true);
    expect(JSON.stringify(GRAPE_VARIETIES)).toBe(before);
  });
});

describe('findVariety / isKnownVariety / varietyLabel', () => {
  it('looks names up exactly', () => {
    expect(findVariety('Vidiano')?.nameEl).toBe('Βηδιανό');
    expect(findVariety('vidiano')).toBeUndefined();
    expect(isKnownVariety('Other')).toBe(true);
    // Shown in Greek as Άλλη; stored as Other.
    expect(varietyLabel('Other', 'el')).toBe('Άλλη');
    expect(isKnownVariety('Not a grape')).toBe(false);
  });

  it('labels with the Greek name in Greek when there is one', () => {
    expect(varietyLabel('Xinomavro', 'el')).toBe('Ξινόμαυρο');
    expect(varietyLabel('Xinomavro', 'en')).toBe('Xinomavro');
    expect(varietyLabel('Merlot', 'el')).toBe('Merlot');
    expect(varietyLabel('Something else', 'el')).toBe('Something else');
  });
});
