import type { FieldView } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { filterFieldsByName, flattenGroups, groupFields } from './group-fields.ts';

const field = (id: number, title: string, country: string | null, region: string | null, area = 10_000) =>
  ({ id, uuid: `u${id}`, title, area, location: { country, region, countryCode: null } }) as FieldView;

const fields = [
  field(1, 'Ξινόμαυρο Νάουσας', 'Greece', 'Central Macedonia', 25_000),
  field(2, 'Rioja north', 'Spain', 'La Rioja'),
  field(3, 'Kastro', 'Greece', 'Central Macedonia', 5_000),
  field(4, 'Unknown plot', null, null),
  field(5, 'Nemea', 'Greece', 'Peloponnese'),
];

describe('field list grouping', () => {
  it('groups by country then region, unknown places last, with count and total area', () => {
    const groups = groupFields(fields);
    expect(groups.map((g) => [g.country, g.region, g.fields.map((f) => f.id), g.totalArea])).toEqual([
      ['Greece', 'Central Macedonia', [1, 3], 30_000],
      ['Greece', 'Peloponnese', [5], 10_000],
      ['Spain', 'La Rioja', [2], 10_000],
      [null, null, [4], 10_000],
    ]);
  });

  it('flattens to header and field rows, hiding collapsed groups', () => {
    const groups = groupFields(fields);
    const collapsed = new Set([groups[0]?.key ?? '']);
    const rows = flattenGroups(groups, collapsed);
    expect(
      rows.map((r) => (r.kind === 'group' ? `g:${r.group.region}:${r.collapsed}` : `f:${r.field.id}`)),
    ).toEqual([
      'g:Central Macedonia:true',
      'g:Peloponnese:false',
      'f:5',
      'g:La Rioja:false',
      'f:2',
      'g:null:false',
      'f:4',
    ]);
  });

  it('searches names ignoring case and accents', () => {
    expect(filterFieldsByName(fields, 'ναουσ').map((f) => f.id)).toEqual([1]);
    expect(filterFieldsByName(fields, 'RIOJA').map((f) => f.id)).toEqual([2]);
    expect(filterFieldsByName(fields, '  ')).toHaveLength(5);
  });

  it('groups and filters 2,000 fields into every matching row', () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      field(i, `Plot ${i}`, `Country ${i % 7}`, `Region ${i % 13}`),
    );
    const matching = filterFieldsByName(many, 'plot 1');
    // "Plot 1", "Plot 10"–"Plot 19", "Plot 100"–"Plot 199", "Plot 1000"–"Plot 1999"
    expect(matching).toHaveLength(1 + 10 + 100 + 1000);
    const rows = flattenGroups(groupFields(matching), new Set());
    expect(rows.filter((row) => row.kind === 'field')).toHaveLength(matching.length);
  });
});
