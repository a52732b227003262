import { describe, expect, it } from 'vitest';
import { toCsv } from './dashboard-csv.ts';

describe('toCsv', () => {
  it('quotes what needs quoting and defuses cells a spreadsheet would run as formulas', () => {
    expect(
      toCsv([
        ['name', 'value'],
        ['Nemea, North', 1.5],
        ['He said "yes"', null],
        ['=HYPERLINK("http://x")', -3],
        ['@SUM(A1)', 0],
        ['line\nbreak', 2],
      ]),
    ).toBe(
      'name,value\r\n"Nemea, North",1.5\r\n"He said ""yes""",\r\n"\'=HYPERLINK(""http://x"")",-3\r\n\'@SUM(A1),0\r\n"line\nbreak",2',
    );
  });
});
