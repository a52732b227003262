import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, errorMessagesFor, readErrorMessages, readErrorPaths } from './api-errors.ts';

describe('readErrorMessages', () => {
  it('reads each msg of an errors list', () => {
    expect(readErrorMessages({ errors: [{ msg: 'First' }, { msg: 'Second', path: 'email' }] })).toEqual([
      'First',
      'Second',
    ]);
  });

  it('shows the errors value itself when it is a string', () => {
    expect(readErrorMessages({ errors: 'Plain text' })).toEqual(['Plain text']);
  });

  it('falls back to msg, and ignores anything else', () => {
    expect(readErrorMessages({ msg: 'Only msg' })).toEqual(['Only msg']);
    expect(readErrorMessages(null)).toEqual([]);
    expect(readErrorMessages('text body')).toEqual([]);
    expect(readErrorMessages({ errors: [{}, { msg: '' }] })).toEqual([]);
  });
});

describe('readErrorPaths', () => {
  it('keeps the input each message names', () => {
    const body = {
      errors: [{ msg: 'Must be a number', path: 'telephone' }, { msg: 'No Address' }, { bad: 1 }],
    };
    expect(readErrorPaths(body)).toEqual([
      { msg: 'Must be a number', path: 'telephone' },
      { msg: 'No Address' },
    ]);
  });

  it('reads the other error shapes as messages without a path', () => {
    expect(readErrorPaths({ msg: 'Coupon not found' })).toEqual([{ msg: 'Coupon not found' }]);
    expect(readErrorPaths(null)).toEqual([]);
  });
});

describe('errorMessagesFor', () => {
  it('turns a 400 with errors into one message per error', () => {
    expect(errorMessagesFor(400, { errors: [{ msg: 'A' }, { msg: 'B' }] })).toEqual(['A', 'B']);
  });

  it('keeps a 401 silent (the session is cleared instead)', () => {
    expect(errorMessagesFor(401, { errors: [{ msg: 'Incorrect e-mail or password' }] })).toEqual([]);
  });

  it('never stays silent on 429, 5xx or a network failure', () => {
    expect(errorMessagesFor(429, null)).toEqual([ERROR_TEXTS.tooManyRequests]);
    expect(errorMessagesFor(429, { errors: [{ msg: 'Slow down' }] })).toEqual(['Slow down']);
    expect(errorMessagesFor(500, { errors: [{ msg: 'stack trace' }] })).toEqual([ERROR_TEXTS.server]);
    expect(errorMessagesFor(503, null)).toEqual([ERROR_TEXTS.server]);
    expect(errorMessagesFor(0, null)).toEqual([ERROR_TEXTS.network]);
  });

  it('uses the server text for other client errors, with a fallback', () => {
    expect(errorMessagesFor(409, { errors: [{ msg: 'E-mail taken' }] })).toEqual(['E-mail taken']);
    expect(errorMessagesFor(403, null)).toEqual([ERROR_TEXTS.forbidden]);
    expect(errorMessagesFor(404, null)).toEqual([ERROR_TEXTS.generic]);
  });
});
