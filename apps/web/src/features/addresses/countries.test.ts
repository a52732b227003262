import { englishTextSchema } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries.ts';

describe('COUNTRIES', () => {
  it('holds only names the domain address rule accepts', () => {
    const rejected = COUNTRIES.filter((name) => !englishTextSchema.safeParse(name).success);
    expect(rejected).toEqual([]);
  });

  it('has no duplicates and includes Greece', () => {
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect(COUNTRIES).toContain('Greece');
  });
});
