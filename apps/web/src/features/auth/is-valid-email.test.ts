import { emailSchema } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { isValidEmail } from './is-valid-email.ts';

describe('isValidEmail', () => {
  it("agrees with the domain's emailSchema", () => {
    const samples = [
      'grower@example.com',
      '  grower@example.com ',
      'first.last+vines@estate.co.gr',
      "o'neil@example.ie",
      'grower@example',
      'grower@@example.com',
      '.grower@example.com',
      'gro..wer@example.com',
      'grower@-example.com',
      'grower@example.c',
      '',
      '   ',
      'no-at-sign.example.com',
      `${'a'.repeat(64)}@${'b'.repeat(180)}.com`,
      `${'a'.repeat(64)}@${'b'.repeat(190)}.com`,
      'αμπελος@example.com',
    ];
    for (const sample of samples) {
      expect(isValidEmail(sample), sample).toBe(emailSchema.safeParse(sample).success);
    }
    expect(isValidEmail('grower@example.com')).toBe(true);
    expect(isValidEmail('grower@example')).toBe(false);
  });
});
