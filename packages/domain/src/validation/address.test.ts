import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  deleteAddressSchema,
  englishTextSchema,
  updateAddressSchema,
  zipCodeSchema,
} from './address.ts';
import { MESSAGES } from './messages.ts';
import { firstMessage } from './test-helpers.ts';

const address = {
  city: 'Heraklion',
  country: 'Greece',
  state: 'Crete',
  zip_postcode: '712 01',
  line_1: 'Odos 1',
};

describe('English text (city, state, country, firm title, activity)', () => {
  it.each(['Athens', 'St. Louis', 'Rio_de-Janeiro, 2', 'ab', 'a'.repeat(100)])('accepts %j', (text) => {
    expect(firstMessage(englishTextSchema, text)).toBeUndefined();
  });
  it.each(['a', 'a'.repeat(101), 'Αθήνα', "Côte d'Or", 'A&B', ''])('rejects %j', (text) => {
    expect(firstMessage(englishTextSchema, text)).toBe('text must be 2 to 100 English characters');
  });
});

describe('zip code (2 to 10 digits, hyphens or spaces)', () => {
  it.each(['71201', '712 01', '12-345', '12', '1234567890'])('accepts %j', (zip) => {
    expect(firstMessage(zipCodeSchema, zip)).toBeUndefined();
  });
  it.each(['1', '12345678901', 'SW1A 1AA', '12.34', ''])('rejects %j', (zip) => {
    expect(firstMessage(zipCodeSchema, zip)).toBe(MESSAGES.zipCode);
  });
});

describe('address', () => {
  it('accepts the required fields and defaults the flags and optional lines', () => {
    expect(addressSchema.parse(address)).toEqual({
      ...address,
      line_2: null,
      line_3: null,
      isBilling: true,
      isShipping: false,
    });
  });
  it('keeps optional lines when given and turns empty ones into null', () => {
    const parsed = addressSchema.parse({ ...address, line_2: 'Floor 2', line_3: '' });
    expect(parsed.line_2).toBe('Floor 2');
    expect(parsed.line_3).toBeNull();
  });
  it('rejects an optional line over 100 characters', () => {
    expect(firstMessage(addressSchema, { ...address, line_2: 'x'.repeat(101) })).toBe(MESSAGES.address);
  });
  it.each(['city', 'country', 'state', 'zip_postcode', 'line_1'])('requires %s', (key) => {
    const { [key as keyof typeof address]: _, ...rest } = address;
    const result = addressSchema.safeParse(rest);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([key]);
  });
  it('line 1: pattern 2 to 100, message says 5 to 100', () => {
    expect(firstMessage(addressSchema, { ...address, line_1: 'ab' })).toBeUndefined();
    expect(firstMessage(addressSchema, { ...address, line_1: 'a' })).toBe(
      'Must be between 5 and 100 characters',
    );
    expect(firstMessage(addressSchema, { ...address, line_1: 'a'.repeat(101) })).toBe(MESSAGES.address);
  });
  it('applies the English text and zip rules', () => {
    expect(firstMessage(addressSchema, { ...address, city: 'Ηράκλειο' })).toBe(MESSAGES.englishText);
    expect(firstMessage(addressSchema, { ...address, zip_postcode: 'x' })).toBe(MESSAGES.zipCode);
  });
  it('refuses unknown keys', () => {
    expect(addressSchema.safeParse({ ...address, userId: 3 }).success).toBe(false);
  });
  it('update and delete need a positive address id', () => {
    expect(updateAddressSchema.parse({ ...address, prevAddressId: '7' }).prevAddressId).toBe(7);
    expect(updateAddressSchema.safeParse({ ...address, prevAddressId: 0 }).success).toBe(false);
    expect(deleteAddressSchema.parse({ prevAddressId: 3 })).toEqual({ prevAddressId: 3 });
    expect(deleteAddressSchema.safeParse({ prevAddressId: 'abc' }).success).toBe(false);
  });
});
