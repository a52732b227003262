import { describe, expect, it } from 'vitest';
import {
  isStressFactorId,
  OTHER_STRESS_FACTOR,
  STRESS_FACTOR_GROUP_INFO,
  STRESS_FACTOR_GROUPS,
  STRESS_FACTOR_IDS,
  STRESS_FACTORS,
  stressFactorName,
} from './stress-factors.ts';

const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;

describe('stress factor catalogue', () => {
  it('has the abiotic causes of spec section 3', () => {
    const abiotic = STRESS_FACTORS.filter((f) => f.group === 'abiotic').map((f) => f.name);
    expect(abiotic).toEqual([
      'Drought',
      'Flooding',
      'Salinity',
      'Soil Acidification',
      'Frost',
      'Heat',
      'Nutrient deficiencies',
    ]);
  });

  it('has named grapevine diseases and pests in every biotic group', () => {
    for (const group of STRESS_FACTOR_GROUPS.filter((g) => STRESS_FACTOR_GROUP_INFO[g].kind === 'biotic')) {
      expect(STRESS_FACTORS.some((f) => f.group === group)).toBe(true);
    }
    const names = STRESS_FACTORS.map((f) => f.name);
    for (const name of ['Downy mildew', 'Powdery mildew', 'Esca', "Pierce's disease", 'Phylloxera']) {
      expect(names).toContain(name);
    }
  });

  it('has unique ids and a Greek name for every entry and group', () => {
    expect(new Set(STRESS_FACTOR_IDS).size).toBe(STRESS_FACTOR_IDS.length);
    for (const factor of STRESS_FACTORS) expect(factor.nameEl).toMatch(GREEK);
    for (const group of Object.values(STRESS_FACTOR_GROUP_INFO)) expect(group.nameEl).toMatch(GREEK);
  });

  it('ends with Other (free text) and names ids in either language', () => {
    expect(STRESS_FACTOR_IDS.at(-1)).toBe(OTHER_STRESS_FACTOR);
    expect(isStressFactorId('downy_mildew')).toBe(true);
    expect(isStressFactorId('made_up')).toBe(false);
    expect(stressFactorName('downy_mildew')).toBe('Downy mildew');
    expect(stressFactorName('downy_mildew', 'el')).toBe('Περονόσπορος');
    expect(stressFactorName('other', 'el')).toBe('Άλλο');
  });
});
