import { POLYGON_TOO_MANY_POSITIONS } from './field-limits.ts';

/** Messages the server answers for sign-in and field boundaries: exact English, keyed in the `errors` catalogue. */
export const AUTH_MESSAGES = {
  signedUp: 'Account created. Check your e-mail to verify your address.',
  botCheckFailed: 'The bot check failed. Please try again.',
  badCredentials: 'Incorrect e-mail or password',
  notVerified: 'Please verify your e-mail address first: open the link we sent you.',
  verified: 'Your e-mail address is verified. You can now sign in.',
  verifyFailed: "Something went wrong and we couldn't verify your account.",
  resetRequested: 'If an account exists for this e-mail, we sent a link to reset the password.',
  resetDone: 'Your password has been reset. You can now sign in.',
  resetFailed:
    "Request could not be processed. Make sure you didn't change the provided Reset url or the the url has expired.",
} as const;

export const FIELD_GEOMETRY_MESSAGES = {
  selfIntersection: 'The field boundary crosses itself. Please redraw it without crossing lines.',
  tooSmall: 'The field is too small: its area must be at least 1 m²',
  tooLarge: 'The field is too large: its area must be at most 10,000 hectares',
  tooManyPositions: POLYGON_TOO_MANY_POSITIONS,
} as const;
