import { describe, expect, it } from 'vitest';
import { regionLabel } from './region-names.ts';

describe('regionLabel', () => {
  it('names the Greek regions in Greek for the Greek interface', () => {
    expect(regionLabel('Peloponnese', 'el')).toBe('Πελοπόννησος');
    expect(regionLabel('East Macedonia and Thrace', 'el')).toBe('Ανατολική Μακεδονία και Θράκη');
  });
  it('keeps the stored name in English and for regions the catalogue does not hold', () => {
    expect(regionLabel('Peloponnese', 'en')).toBe('Peloponnese');
    expect(regionLabel('California', 'el')).toBe('California');
    expect(regionLabel(null, 'el')).toBeNull();
  });
});
