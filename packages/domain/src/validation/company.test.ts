import { describe, expect, it } from 'vitest';
import {
  companySchema,
  invoiceDetailsSchema,
  invoiceDetailsUpdateSchema,
  taxAuthoritySchema,
  telephoneSchema,
  vatIdSchema,
} from './company.ts';
import { MESSAGES } from './messages.ts';
import { firstMessage } from './test-helpers.ts';

const details = {
  firmTitle: 'Ktima Example S.A.',
  firmActivity: 'Wine production',
  vatId: 'EL123456789',
  email: 'office@ktima.gr',
  telephone: '2810123456',
  city: 'Heraklion',
  address: 'Leoforos Knossou 10',
  zipCode: '712 01',
  taxAuthority: "D.O.Y. Heraklion's",
  state: 'Crete',
  country: 'Greece',
};

describe('invoice details', () => {
  it('accepts complete details', () => {
    expect(invoiceDetailsSchema.parse(details)).toEqual(details);
  });
  it('is also the company schema', () => {
    expect(companySchema).toBe(invoiceDetailsSchema);
  });
  it.each(Object.keys(details))('requires %s', (key) => {
    const { [key as keyof typeof details]: _, ...rest } = details;
    expect(invoiceDetailsSchema.safeParse(rest).success).toBe(false);
  });
  it.each(['firmTitle', 'firmActivity', 'city', 'state', 'country'])(
    '%s follows the English text rule',
    (key) => {
      expect(firstMessage(invoiceDetailsSchema, { ...details, [key]: 'x' })).toBe(
        'text must be 2 to 100 English characters',
      );
      expect(firstMessage(invoiceDetailsSchema, { ...details, [key]: 'x'.repeat(101) })).toBe(
        MESSAGES.englishText,
      );
      expect(firstMessage(invoiceDetailsSchema, { ...details, [key]: 'Κρήτη' })).toBe(MESSAGES.englishText);
    },
  );
  it('address: 2 to 100, message says 5 to 100', () => {
    expect(firstMessage(invoiceDetailsSchema, { ...details, address: 'ab' })).toBeUndefined();
    expect(firstMessage(invoiceDetailsSchema, { ...details, address: 'a' })).toBe(
      'Must be between 5 and 100 characters',
    );
  });
  it('zip code rule', () => {
    expect(firstMessage(invoiceDetailsSchema, { ...details, zipCode: 'ABC' })).toBe(MESSAGES.zipCode);
  });
  it('email must be valid', () => {
    expect(firstMessage(invoiceDetailsSchema, { ...details, email: 'office' })).toBe(MESSAGES.email);
  });
});

describe('vatId (5 to 20 letters or digits)', () => {
  it.each(['12345', 'EL123456789', 'a'.repeat(20)])('accepts %j', (vat) => {
    expect(firstMessage(vatIdSchema, vat)).toBeUndefined();
  });
  it.each(['1234', 'a'.repeat(21), 'EL-123456', 'EL 123456', 'ΕΛ123456'])('rejects %j', (vat) => {
    expect(firstMessage(vatIdSchema, vat)).toBe('Must be 5 to 20 letters or digits');
  });
});

describe('taxAuthority (2 to 100 characters, apostrophe allowed)', () => {
  it.each(["St John's", 'ΔΟΥ Ηρακλείου', 'ab', 'a'.repeat(100)])('accepts %j', (value) => {
    expect(firstMessage(taxAuthoritySchema, value)).toBeUndefined();
  });
  it.each(['a', 'a'.repeat(101), 'Tax <b>', ''])('rejects %j', (value) => {
    expect(firstMessage(taxAuthoritySchema, value)).toBe('Must be between 2 and 100 characters');
  });
});

describe('telephone (a number, min 0, step 1)', () => {
  it('accepts digits as text or a whole number, kept as text', () => {
    expect(telephoneSchema.parse('2810123456')).toBe('2810123456');
    expect(telephoneSchema.parse(2810123456)).toBe('2810123456');
    expect(telephoneSchema.parse(0)).toBe('0');
  });
  it.each([-1, 1.5, '', '+30 281', 'abc', null, Number.NaN])('rejects %j', (value) => {
    expect(firstMessage(telephoneSchema, value)).toBe('Must be a number');
  });
});

describe('invoice details update', () => {
  it('adds the optional addBEAddress flag and still refuses unknown keys', () => {
    expect(invoiceDetailsUpdateSchema.parse(details)).toEqual({ ...details, addBEAddress: false });
    expect(invoiceDetailsUpdateSchema.parse({ ...details, addBEAddress: true }).addBEAddress).toBe(true);
    expect(invoiceDetailsUpdateSchema.safeParse({ ...details, avatar: 'x' }).success).toBe(false);
  });
});
