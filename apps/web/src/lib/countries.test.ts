import { englishTextSchema } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTRY_CODES } from './countries.ts';

describe('COUNTRIES', () => {
  it('holds only names the domain address rule accepts', () => {
    const rejected = COUNTRIES.filter((name) => !englishTextSchema.safeParse(name).success);
    expect(rejected).toEqual([]);
  });

  it('has no duplicates and includes Greece', () => {
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect(COUNTRIES).toContain('Greece');
  });

  it('gives each country its own code, which has a Greek name', () => {
    const codes = Object.values(COUNTRY_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    const greek = new Intl.DisplayNames(['el'], { type: 'region' });
    expect(codes.filter((code) => !/^[A-Z]{2}$/.test(code) || greek.of(code) === code)).toEqual([]);
  });
});
