import { z } from 'zod';
import { addressLineSchema, englishTextSchema, zipCodeSchema } from './address.ts';
import { COMPANY_MESSAGES } from './company-messages.ts';
import { MESSAGES } from './messages.ts';
import { emailSchema } from './user.ts';

export { COMPANY_MESSAGES };

/** 5 to 20 letters or digits. */
export const VAT_ID = /^[A-Za-z0-9]{5,20}$/;
/** 2 to 100 letters of any alphabet, digits, spaces and - _ . , plus the apostrophe. */
export const TAX_AUTHORITY = /^[\p{L}\p{N}\-_., ']{2,100}$/u;
/** Digits only: the form's number input (min 0, step 1) as text. */
const DIGITS = /^\d{1,20}$/;

export const vatIdSchema = z.string({ error: MESSAGES.vatId }).trim().regex(VAT_ID, MESSAGES.vatId);
export const taxAuthoritySchema = z
  .string({ error: MESSAGES.taxAuthority })
  .trim()
  .regex(TAX_AUTHORITY, MESSAGES.taxAuthority);

/**
 * Telephone: a number, min 0, step 1. A whole non-negative number or a string of digits is accepted
 * (a form's number input gives either); the value is kept as a string of digits.
 */
export const telephoneSchema = z
  .union(
    [
      z
        .number()
        .int(MESSAGES.telephone)
        .min(0, MESSAGES.telephone)
        .max(Number.MAX_SAFE_INTEGER, MESSAGES.telephone),
      z.string().trim().regex(DIGITS, MESSAGES.telephone),
    ],
    { error: MESSAGES.telephone },
  )
  .transform((value) => String(value));

/** Invoice details of a company (section 5); every input is required. */
export const invoiceDetailsSchema = z.strictObject({
  firmTitle: englishTextSchema,
  firmActivity: englishTextSchema,
  vatId: vatIdSchema,
  email: emailSchema,
  telephone: telephoneSchema,
  city: englishTextSchema,
  address: addressLineSchema,
  zipCode: zipCodeSchema,
  taxAuthority: taxAuthoritySchema,
  state: englishTextSchema,
  country: englishTextSchema,
});
export type InvoiceDetailsInput = z.input<typeof invoiceDetailsSchema>;
export type InvoiceDetails = z.output<typeof invoiceDetailsSchema>;

/** The invoice details' inputs in the order forms and order pages show them (spec section 3). */
export const INVOICE_DETAIL_FIELDS = [
  'firmTitle',
  'firmActivity',
  'vatId',
  'taxAuthority',
  'email',
  'telephone',
  'address',
  'city',
  'zipCode',
  'state',
  'country',
] as const satisfies readonly (keyof InvoiceDetails)[];

/**
 * `PUT /company/update/invoice`: the invoice details plus `addBEAddress` (also keep them as a billing
 * address in the caller's address book).
 */
export const invoiceDetailsUpdateSchema = invoiceDetailsSchema.extend({
  addBEAddress: z.boolean().optional().default(false),
});
export type InvoiceDetailsUpdateInput = z.input<typeof invoiceDetailsUpdateSchema>;

/**
 * New company panel: the same inputs as the invoice details (the company's title is its firmTitle and
 * its activity its firmActivity), so one schema serves both.
 */
export const companySchema = invoiceDetailsSchema;
export type CompanyInput = InvoiceDetailsInput;
