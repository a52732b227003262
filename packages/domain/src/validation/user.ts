import { z } from 'zod';
import { ROLES, SIGN_UP_ROLES } from '../roles/roles.ts';
import { isCommonPassword } from './common-passwords.ts';
import { MESSAGES } from './messages.ts';

const ENGLISH_NAME = /^[A-Za-z][A-Za-z' -]{0,48}[A-Za-z]$/;
/** Profile names may be any alphabet (Greek included): 2 to 50 letters, spaces, hyphens, apostrophes. */
const ALPHABETIC_NAME = /^[\p{L}][\p{L}' -]{0,48}[\p{L}]$/u;
/** Form rule of spec section 5: 8 or more, with a digit, a lowercase and an uppercase letter. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;
export const PASSWORD_MAX_LENGTH = 128;
/** The generic password input: 8 to 16 characters with at least one digit or special character. */
export const GENERIC_PASSWORD_PATTERN = /^(?=.*[\d\W_]).{8,16}$/;
/** The change-password input's pattern: 5 to 256 characters (newPasswordSchema still applies on save). */
export const PASSWORD_CHANGE_PATTERN = /^.{5,256}$/;

export const emailSchema = z
  .string({ error: MESSAGES.email })
  .trim()
  .max(254, MESSAGES.email)
  .pipe(z.email({ error: MESSAGES.email }))
  .transform((email) => email.toLowerCase());

export const personNameSchema = z
  .string({ error: MESSAGES.personName })
  .trim()
  .regex(ENGLISH_NAME, MESSAGES.personName);

export const profileNameSchema = z
  .string({ error: MESSAGES.personName })
  .trim()
  .regex(ALPHABETIC_NAME, MESSAGES.personName);

/** Password rule applied by the form (fast feedback) and the server (sign-up, reset, change). */
export const newPasswordSchema = z
  .string({ error: MESSAGES.password })
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong)
  .regex(PASSWORD_PATTERN, MESSAGES.password)
  .refine((password) => !isCommonPassword(password), MESSAGES.passwordTooCommon);

export const genericPasswordSchema = z
  .string({ error: MESSAGES.genericPassword })
  .regex(GENERIC_PASSWORD_PATTERN, MESSAGES.genericPassword);

/** The change-password input's own pattern (5 to 256 characters). */
export const passwordChangeInputSchema = z
  .string({ error: MESSAGES.passwordChangePattern })
  .regex(PASSWORD_CHANGE_PATTERN, MESSAGES.passwordChangePattern);

/**
 * The hint of the change-password input: at least 15 characters, or at least 8 with a number and a
 * lowercase letter. A hint only; it is not enforced on the reset page.
 */
export function meetsPasswordHint(password: string): boolean {
  return password.length >= 15 || (password.length >= 8 && /\d/.test(password) && /[a-z]/.test(password));
}

/** Login accepts any string: the rule may have changed since the password was chosen. */
const anyPasswordSchema = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(1024);

export const langSchema = z.enum(['en', 'el']);
export type Lang = z.infer<typeof langSchema>;

export const signUpSchema = z.strictObject({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: z.enum(SIGN_UP_ROLES, { error: MESSAGES.chooseAccountType }),
  recaptchaResponse: z.string().max(4096).optional().default(''),
  acceptPrivacyPolicy: z.literal(true, { error: MESSAGES.consentRequired }),
  acceptTermsOfService: z.literal(true, { error: MESSAGES.consentRequired }),
  marketingOptIn: z.boolean().optional().default(false),
  lang: langSchema.optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const loginSchema = z.strictObject({ email: emailSchema, password: anyPasswordSchema });
export type LoginInput = z.input<typeof loginSchema>;

export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, MESSAGES.invalidLink);

export const verifyEmailSchema = z.strictObject({ token: tokenSchema });
export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export const passwordResetParamsSchema = z.strictObject({ token: tokenSchema });
/** The confirmation is optional for API callers, but when sent it must match. */
export const passwordResetSchema = z
  .strictObject({
    password: newPasswordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, {
    message: MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });

export const changePasswordSchema = z.strictObject({
  oldPassword: anyPasswordSchema,
  newPassword: newPasswordSchema,
});

/**
 * Settings form "change password": current, new and confirm are required and confirm must equal new.
 * Only { oldPassword, newPassword } is sent (changePasswordSchema).
 */
export const changePasswordFormSchema = z
  .object({
    oldPassword: anyPasswordSchema,
    newPassword: newPasswordSchema,
    confirmNewPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: MESSAGES.confirmPasswordMismatch,
    path: ['confirmNewPassword'],
  });

/** Form-only shape: the confirmation never reaches the server. */
export const passwordConfirmationSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });

export const changeLanguageSchema = z.strictObject({ lang: langSchema });

export const profileUpdateSchema = z.strictObject({
  firstName: profileNameSchema,
  lastName: profileNameSchema,
  mobile: z.string().trim().min(5, MESSAGES.mobile).max(20, MESSAGES.mobile).nullable().optional(),
  location: z.string().trim().min(2, MESSAGES.location).max(50, MESSAGES.location).nullable().optional(),
  marketingOptIn: z.boolean().optional(),
  /** The spec's admin flag; the server decides from the caller's permissions, never from this value. */
  updateOtherUser: z.boolean().optional(),
  uuid: z.string().uuid().optional(),
  /** Editing another user only: a role the caller may give (never above its own). */
  role: z.enum(ROLES).optional(),
  /** Editing another user only, administrators only: move the user to another company (null: none). */
  companyId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const deleteAccountSchema = z.strictObject({ email: z.string().trim().toLowerCase().max(254) });

export const avatarClearSchema = z.strictObject({ avatar: z.null() });
