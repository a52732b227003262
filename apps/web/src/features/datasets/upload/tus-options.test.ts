import type { DetailedError } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { fingerprintFor, shouldRetry, tusErrorMessage } from './tus-options.ts';

const failure = (status: number, body: string) =>
  Object.assign(new Error('tus: unexpected response'), {
    originalResponse: { getStatus: () => status, getBody: () => body, getHeader: () => undefined },
  }) as unknown as DetailedError;

describe('tus options', () => {
  it('shows the server message of a refusal', () => {
    const body = JSON.stringify({
      errors: [{ msg: 'Upload Dataset must be less than 1 terabyte (= 1000 GB) in size' }],
    });
    expect(tusErrorMessage(failure(413, body))).toBe(
      'Upload Dataset must be less than 1 terabyte (= 1000 GB) in size',
    );
    expect(tusErrorMessage(failure(404, 'The file for this url was not found\n'))).toBe(
      'The file for this url was not found',
    );
    expect(tusErrorMessage(new Error('network down'))).toBe('network down');
  });

  it('retries network failures and busy servers, not refusals', () => {
    expect(shouldRetry(failure(0, ''))).toBe(true);
    expect(shouldRetry(failure(503, ''))).toBe(true);
    expect(shouldRetry(failure(429, ''))).toBe(true);
    expect(shouldRetry(failure(409, ''))).toBe(false);
    expect(shouldRetry(failure(403, ''))).toBe(false);
    expect(shouldRetry(failure(507, ''))).toBe(false);
  });

  it('keeps one stored upload per report and file', () => {
    const file = new File(['abc'], 'DJI_0001.JPG', { type: 'image/jpeg', lastModified: 1700000000000 });
    expect(fingerprintFor('r1', file)).not.toBe(fingerprintFor('r2', file));
    expect(fingerprintFor('r1', file)).toBe(
      fingerprintFor(
        'r1',
        new File(['abc'], 'DJI_0001.JPG', { type: 'image/jpeg', lastModified: 1700000000000 }),
      ),
    );
  });
});
