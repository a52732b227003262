import { emailSchema } from '@ampelos/domain';

/** Buttons that need an e-mail (Sign In, reset request) stay disabled until the format is valid. */
export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value).success;
}
