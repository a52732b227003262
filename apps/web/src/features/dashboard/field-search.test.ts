import { describe, expect, it } from 'vitest';
import { fieldTitleFilter } from './field-search.ts';

const options = [
  'Bench field 1299',
  'Bench field 120',
  'Κτήμα Νεμέα',
  'Bench field 12',
  'Old bench field 12',
].map((label, i) => ({ value: String(i), label }));

describe('fieldTitleFilter', () => {
  it('puts the exact title first, then titles starting with the search, then the rest containing it', () => {
    const found = fieldTitleFilter({ options, search: 'bench field 12', limit: 10 });
    expect(found.map((o) => ('label' in o ? o.label : ''))).toEqual([
      'Bench field 12',
      'Bench field 120',
      'Bench field 1299',
      'Old bench field 12',
    ]);
    expect(
      fieldTitleFilter({ options, search: 'nemea', limit: 10 }).map((o) => ('label' in o ? o.label : '')),
    ).toEqual(['Κτήμα Νεμέα']);
    expect(fieldTitleFilter({ options, search: 'field', limit: 2 })).toHaveLength(2);
  });
});
