import { regexes } from 'zod/v4/core';

/**
 * Buttons that need an e-mail (Sign In, reset request) stay disabled until the format is valid: the
 * domain's emailSchema rules (trimmed, at most 254 characters, zod's e-mail pattern) without loading
 * zod's schema classes on the sign-in page (is-valid-email.test.ts keeps the two in step).
 */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && regexes.email.test(email);
}
