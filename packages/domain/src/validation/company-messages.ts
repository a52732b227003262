/** Answers of the company calls (spec section 8: the invoice success text). */
export const COMPANY_MESSAGES = {
  invoiceDetailsUpdated: 'Invoice Details Updated!',
  companyNotFound: 'Company not found',
} as const;
