import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** 2 to 100 English letters, digits and - _ . , space (city, state, country, firm title, activity). */
export const ENGLISH_TEXT = /^[A-Za-z0-9\-_., ]{2,100}$/;
/** The pattern admits 2 to 100; the message shown says 5 to 100 (spec section 5 keeps both). */
export const ADDRESS_LINE = /^.{2,100}$/s;
export const ZIP_CODE = /^[0-9\- ]{2,10}$/;

export const englishTextSchema = z
  .string({ error: MESSAGES.englishText })
  .trim()
  .regex(ENGLISH_TEXT, MESSAGES.englishText);
export const addressLineSchema = z
  .string({ error: MESSAGES.address })
  .trim()
  .regex(ADDRESS_LINE, MESSAGES.address);
export const zipCodeSchema = z.string({ error: MESSAGES.zipCode }).trim().regex(ZIP_CODE, MESSAGES.zipCode);

const optionalLine = z
  .string()
  .trim()
  .max(100, MESSAGES.address)
  .nullish()
  .transform((v) => (v ? v : null));

export const addressSchema = z.strictObject({
  city: englishTextSchema,
  country: englishTextSchema,
  state: englishTextSchema,
  zip_postcode: zipCodeSchema,
  line_1: addressLineSchema,
  line_2: optionalLine,
  line_3: optionalLine,
  isBilling: z.boolean().optional().default(true),
  isShipping: z.boolean().optional().default(false),
});
export type AddressInput = z.input<typeof addressSchema>;

export const addressIdSchema = z.coerce.number().int().positive();

export const updateAddressSchema = addressSchema.extend({ prevAddressId: addressIdSchema });
export const deleteAddressSchema = z.strictObject({ prevAddressId: addressIdSchema });
