import { describe, expect, it } from 'vitest';
import { groupReportsByField, hasDeletedFields, orderDiscount, orderVat } from './order-figures.ts';
import { orderFixture, orderReport } from './order-fixtures.ts';

describe('order figures', () => {
  it('shows the discount as total minus final price, to the cent', () => {
    expect(orderDiscount({ total: 1047.6, finalPrice: 942.84 })).toBe(104.76);
    expect(orderDiscount({ total: 0.3, finalPrice: 0.1 })).toBe(0.2);
  });

  it('computes VAT 24% of the final price apart', () => {
    expect(orderVat({ finalPrice: 942.84 })).toBe(226.28);
  });
});

describe('groupReportsByField', () => {
  it('groups reports by field in first-seen order with the field hectares', () => {
    const groups = groupReportsByField(orderFixture().Reports);
    expect(groups.map((g) => [g.title, g.hectares, g.reports.length])).toEqual([
      ['North Vineyard', 4.5, 2],
      ['Hill Plot', 1.23, 1],
    ]);
  });

  it('keeps reports of a deleted field together under the title they copied', () => {
    const deleted = { fieldId: null, Fields: null, fieldTitle: 'Old Plot', fieldArea: 20_000 };
    const reports = [
      orderReport({ uuid: 'r1', ...deleted }),
      orderReport({ uuid: 'r2', ...deleted }),
      orderReport({ uuid: 'r3' }),
    ];
    const groups = groupReportsByField(reports);
    expect(groups.map((g) => [g.fieldUuid, g.title, g.hectares, g.reports.length])).toEqual([
      [null, 'Old Plot', 2, 2],
      ['ffffffff-0000-4000-8000-000000000010', 'North Vineyard', 4.5, 1],
    ]);
    expect(hasDeletedFields(reports)).toBe(true);
    expect(hasDeletedFields([orderReport()])).toBe(false);
  });
});
