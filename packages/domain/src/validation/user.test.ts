import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { firstMessage } from './test-helpers.ts';
import {
  changeLanguageSchema,
  changePasswordFormSchema,
  changePasswordSchema,
  deleteAccountSchema,
  emailSchema,
  genericPasswordSchema,
  loginSchema,
  meetsPasswordHint,
  newPasswordSchema,
  passwordChangeInputSchema,
  passwordConfirmationSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  personNameSchema,
  profileNameSchema,
  profileUpdateSchema,
  signUpSchema,
  tokenSchema,
} from './user.ts';

const validSignUp = {
  firstName: 'Maria',
  lastName: "O'Neil",
  email: 'Maria@Example.com',
  password: 'Vineyard2025x',
  role: 'b2b_admin',
  acceptPrivacyPolicy: true,
  acceptTermsOfService: true,
};

describe('form password rule (8+, a digit, a lowercase and a capital letter)', () => {
  it('accepts a password that meets the rule', () => {
    expect(firstMessage(newPasswordSchema, 'Grapevine7')).toBeUndefined();
    expect(firstMessage(newPasswordSchema, 'Aa345678')).toBeUndefined();
  });
  it.each([
    ['too short', 'Abc1234'],
    ['no digit', 'Grapevines'],
    ['no capital', 'grapevine7'],
    ['no lowercase', 'GRAPEVINE7'],
    ['empty', ''],
  ])('rejects %s with the form message', (_, password) => {
    expect(firstMessage(newPasswordSchema, password)).toBe(MESSAGES.password);
  });
  it('accepts 128 characters and rejects 129', () => {
    const base = 'Aa1';
    expect(firstMessage(newPasswordSchema, base + 'x'.repeat(125))).toBeUndefined();
    expect(firstMessage(newPasswordSchema, base + 'x'.repeat(126))).toBe(MESSAGES.passwordTooLong);
  });
  it('rejects a common password even though it meets the rule, whatever its case', () => {
    expect(firstMessage(newPasswordSchema, 'Password1')).toBe(MESSAGES.passwordTooCommon);
    expect(firstMessage(newPasswordSchema, 'pASSWORD1')).toBe(MESSAGES.passwordTooCommon);
  });
  it('rejects a non-string', () => {
    expect(firstMessage(newPasswordSchema, 12345678)).toBe(MESSAGES.password);
  });
});

describe('generic password input (8 to 16, a digit or special character)', () => {
  it.each(['abcdefg1', 'abcdefg!', 'abcdefghijklmno_', '12345678'])('accepts %s', (password) => {
    expect(firstMessage(genericPasswordSchema, password)).toBeUndefined();
  });
  it.each(['abc1', 'abcdefgh', 'abcdefghijklmno17'])('rejects %s', (password) => {
    expect(firstMessage(genericPasswordSchema, password)).toBe(MESSAGES.genericPassword);
  });
});

describe('password change', () => {
  it('input pattern is 5 to 256 characters', () => {
    expect(firstMessage(passwordChangeInputSchema, 'abcde')).toBeUndefined();
    expect(firstMessage(passwordChangeInputSchema, 'a'.repeat(256))).toBeUndefined();
    expect(firstMessage(passwordChangeInputSchema, 'abcd')).toBe(MESSAGES.passwordChangePattern);
    expect(firstMessage(passwordChangeInputSchema, 'a'.repeat(257))).toBe(MESSAGES.passwordChangePattern);
  });
  it('hint: 15+ characters, or 8+ with a number and a lowercase letter', () => {
    expect(meetsPasswordHint('a'.repeat(15))).toBe(true);
    expect(meetsPasswordHint('abcdefg1')).toBe(true);
    expect(meetsPasswordHint('ABCDEFG1')).toBe(false);
    expect(meetsPasswordHint('abcdefgh')).toBe(false);
    expect(meetsPasswordHint('abcde1')).toBe(false);
  });
  it('form requires current, new and confirm, and confirm must equal new', () => {
    const ok = { oldPassword: 'old', newPassword: 'Grapevine7', confirmNewPassword: 'Grapevine7' };
    expect(firstMessage(changePasswordFormSchema, ok)).toBeUndefined();
    expect(firstMessage(changePasswordFormSchema, { ...ok, confirmNewPassword: 'Grapevine8' })).toBe(
      'Confirm password do not match New Password',
    );
    expect(firstMessage(changePasswordFormSchema, { ...ok, oldPassword: '' })).toBe(MESSAGES.required);
    expect(firstMessage(changePasswordFormSchema, { ...ok, confirmNewPassword: '' })).toBe(MESSAGES.required);
    expect(
      firstMessage(changePasswordFormSchema, { ...ok, newPassword: 'short', confirmNewPassword: 'short' }),
    ).toBe(MESSAGES.password);
  });
  it('server body takes the old password as is and the new one under the rule', () => {
    expect(
      firstMessage(changePasswordSchema, { oldPassword: 'x', newPassword: 'Grapevine7' }),
    ).toBeUndefined();
    expect(firstMessage(changePasswordSchema, { oldPassword: 'x', newPassword: 'grapevine' })).toBe(
      MESSAGES.password,
    );
    expect(firstMessage(changePasswordSchema, { oldPassword: '', newPassword: 'Grapevine7' })).toBe(
      MESSAGES.required,
    );
    expect(
      changePasswordSchema.safeParse({ oldPassword: 'x', newPassword: 'Grapevine7', extra: 1 }).success,
    ).toBe(false);
  });
  it('confirmation form: password and confirm must match', () => {
    expect(
      firstMessage(passwordConfirmationSchema, { password: 'Grapevine7', confirmPassword: 'Grapevine7' }),
    ).toBe(undefined);
    expect(
      firstMessage(passwordConfirmationSchema, { password: 'Grapevine7', confirmPassword: 'Grapevine' }),
    ).toBe('Password and Confirm Password do not match');
  });
  it('reset: confirmPassword optional, but must match when sent', () => {
    expect(firstMessage(passwordResetSchema, { password: 'Grapevine7' })).toBeUndefined();
    expect(firstMessage(passwordResetSchema, { password: 'Grapevine7', confirmPassword: 'Grapevine7' })).toBe(
      undefined,
    );
    expect(firstMessage(passwordResetSchema, { password: 'Grapevine7', confirmPassword: 'other' })).toBe(
      MESSAGES.passwordMismatch,
    );
    expect(firstMessage(passwordResetSchema, { password: 'weak' })).toBe(MESSAGES.password);
  });
});

describe('names', () => {
  it.each(['Al', 'Anne-Marie', "O'Brien", 'Mary Ann', 'a'.repeat(50)])('form accepts %s', (name) => {
    expect(firstMessage(personNameSchema, name)).toBeUndefined();
  });
  it.each([
    ['1 character', 'A'],
    ['51 characters', 'a'.repeat(51)],
    ['Greek', 'Μαρία'],
    ['accented', 'José'],
    ['digits', 'Maria2'],
    ['empty', ''],
  ])('form rejects %s', (_, name) => {
    expect(firstMessage(personNameSchema, name)).toBe('Must be between 2 and 50 English characters.');
  });
  it('trims before checking', () => {
    expect(personNameSchema.parse('  Maria ')).toBe('Maria');
  });
  it('profile accepts Greek and other alphabets', () => {
    expect(firstMessage(profileNameSchema, 'Μαρία')).toBeUndefined();
    expect(firstMessage(profileNameSchema, 'José')).toBeUndefined();
    expect(firstMessage(profileNameSchema, 'Παπαδοπούλου-Νίκου')).toBeUndefined();
  });
  it('profile rejects 1 or 51 letters and digits', () => {
    expect(firstMessage(profileNameSchema, 'Μ')).toBe(MESSAGES.personName);
    expect(firstMessage(profileNameSchema, 'α'.repeat(51))).toBe(MESSAGES.personName);
    expect(firstMessage(profileNameSchema, 'Μαρία1')).toBe(MESSAGES.personName);
  });
});

describe('email', () => {
  it.each(['a@b.co', 'first.last+tag@example.com', 'x_y@sub.domain.gr'])('accepts %s', (email) => {
    expect(firstMessage(emailSchema, email)).toBeUndefined();
  });
  it.each(['', 'plain', 'no-at.example.com', 'a@', '@b.com', 'a@b', 'a b@c.com', 'a@@b.com'])(
    'rejects %j with the format message',
    (email) => {
      expect(firstMessage(emailSchema, email)).toBe('Please choose a valid email format');
    },
  );
  it('rejects more than 254 characters', () => {
    expect(firstMessage(emailSchema, `${'a'.repeat(64)}@${'b'.repeat(190)}.com`)).toBe(MESSAGES.email);
  });
  it('trims and lowercases', () => {
    expect(emailSchema.parse('  Maria@Example.COM ')).toBe('maria@example.com');
  });
  it('reset request and login need a valid e-mail', () => {
    expect(firstMessage(passwordResetRequestSchema, { email: 'nope' })).toBe(MESSAGES.email);
    expect(firstMessage(loginSchema, { email: 'nope', password: 'x' })).toBe(MESSAGES.email);
    expect(firstMessage(loginSchema, { email: 'a@b.co', password: '' })).toBe(MESSAGES.required);
    expect(firstMessage(loginSchema, { email: 'a@b.co', password: 'anything' })).toBeUndefined();
  });
});

describe('sign-up', () => {
  it('accepts a complete form and fills defaults', () => {
    const parsed = signUpSchema.parse(validSignUp);
    expect(parsed.email).toBe('maria@example.com');
    expect(parsed.marketingOptIn).toBe(false);
    expect(parsed.recaptchaResponse).toBe('');
  });
  it('accepts Personal (b2c_admin)', () => {
    expect(firstMessage(signUpSchema, { ...validSignUp, role: 'b2c_admin' })).toBeUndefined();
  });
  it.each(['admin', 'b2b_user', 'b2c_user', 'drone_admin', 'operation_admin', ''])(
    'refuses role %j',
    (role) => {
      expect(firstMessage(signUpSchema, { ...validSignUp, role })).toBe('Choose Business or Personal');
    },
  );
  it.each([false, undefined, 'true'])('needs the privacy checkbox true (got %j)', (value) => {
    expect(firstMessage(signUpSchema, { ...validSignUp, acceptPrivacyPolicy: value })).toBe(
      MESSAGES.consentRequired,
    );
  });
  it('needs the terms checkbox true', () => {
    expect(firstMessage(signUpSchema, { ...validSignUp, acceptTermsOfService: false })).toBe(
      MESSAGES.consentRequired,
    );
  });
  it('applies the name, email and password rules', () => {
    expect(firstMessage(signUpSchema, { ...validSignUp, firstName: 'M' })).toBe(MESSAGES.personName);
    expect(firstMessage(signUpSchema, { ...validSignUp, lastName: 'Παπά' })).toBe(MESSAGES.personName);
    expect(firstMessage(signUpSchema, { ...validSignUp, email: 'x' })).toBe(MESSAGES.email);
    expect(firstMessage(signUpSchema, { ...validSignUp, password: 'Password1' })).toBe(
      MESSAGES.passwordTooCommon,
    );
  });
  it('refuses unknown keys', () => {
    expect(signUpSchema.safeParse({ ...validSignUp, isAdmin: true }).success).toBe(false);
  });
});

describe('profile update', () => {
  const profile = { firstName: 'Μαρία', lastName: 'Smith' };
  it('accepts names only, and null location or mobile', () => {
    expect(firstMessage(profileUpdateSchema, profile)).toBeUndefined();
    expect(firstMessage(profileUpdateSchema, { ...profile, mobile: null, location: null })).toBeUndefined();
  });
  it('location is 2 to 50 characters', () => {
    expect(firstMessage(profileUpdateSchema, { ...profile, location: 'Chania, Crete' })).toBeUndefined();
    expect(firstMessage(profileUpdateSchema, { ...profile, location: 'C' })).toBe(
      'Must be between 2 and 50 characters',
    );
    expect(firstMessage(profileUpdateSchema, { ...profile, location: 'c'.repeat(51) })).toBe(
      MESSAGES.location,
    );
  });
  it('mobile is 5 to 20 characters', () => {
    expect(firstMessage(profileUpdateSchema, { ...profile, mobile: '+30 6900000000' })).toBeUndefined();
    expect(firstMessage(profileUpdateSchema, { ...profile, mobile: '1234' })).toBe(
      'Must be between 5 and 20 characters',
    );
    expect(firstMessage(profileUpdateSchema, { ...profile, mobile: '1'.repeat(21) })).toBe(MESSAGES.mobile);
  });
  it('refuses an e-mail change (read-only in the profile)', () => {
    expect(profileUpdateSchema.safeParse({ ...profile, email: 'new@example.com' }).success).toBe(false);
  });
});

describe('other account inputs', () => {
  it('language is en or el', () => {
    expect(firstMessage(changeLanguageSchema, { lang: 'el' })).toBeUndefined();
    expect(changeLanguageSchema.safeParse({ lang: 'fr' }).success).toBe(false);
  });
  it('tokens are 20 to 128 URL-safe characters', () => {
    expect(firstMessage(tokenSchema, 'a'.repeat(20))).toBeUndefined();
    expect(firstMessage(tokenSchema, 'a'.repeat(19))).toBe('Invalid or expired link');
    expect(firstMessage(tokenSchema, `${'a'.repeat(20)}/`)).toBe('Invalid or expired link');
  });
  it('delete account normalises the typed e-mail', () => {
    expect(deleteAccountSchema.parse({ email: ' Maria@Example.com ' }).email).toBe('maria@example.com');
  });
});
