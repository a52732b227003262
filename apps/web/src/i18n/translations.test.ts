import * as domain from '@ampelos/domain';
import { MESSAGES } from '@ampelos/domain';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../lib/api-errors.ts';
import el from './el.json';
import en from './en.json';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('have the same keys in English and Greek', () => {
    expect(leafKeys(el).sort()).toEqual(leafKeys(en).sort());
  });

  it('have no empty texts', () => {
    const texts = (obj: unknown): unknown[] =>
      typeof obj === 'object' && obj !== null ? Object.values(obj).flatMap(texts) : [obj];
    expect([...texts(en), ...texts(el)].filter((t) => typeof t !== 'string' || t.trim() === '')).toEqual([]);
  });

  it('know the domain messages and generic error texts word for word', () => {
    // Every message the web app shows must be translatable; newer domain messages fall back to English.
    const known = new Set(Object.values(en.messages));
    const shown = [
      MESSAGES.personName,
      MESSAGES.password,
      MESSAGES.passwordTooCommon,
      MESSAGES.passwordMismatch,
      MESSAGES.confirmPasswordMismatch,
      MESSAGES.email,
      MESSAGES.englishText,
      MESSAGES.address,
      MESSAGES.zipCode,
      MESSAGES.location,
      MESSAGES.mobile,
      MESSAGES.imageTooLarge,
      MESSAGES.imageType,
      MESSAGES.currentPasswordWrong,
      MESSAGES.consentRequired,
      MESSAGES.required,
      ...Object.values(ERROR_TEXTS),
    ];
    expect(shown.filter((m) => !known.has(m))).toEqual([]);
  });

  it('have a Greek text for every message catalogue of the domain', () => {
    // The web translates server texts by their English wording (lib/i18n.ts), so each one needs an entry.
    const catalogues = Object.entries(domain).filter(([name]) => /(^|_)MESSAGES$/.test(name));
    expect(catalogues.length).toBeGreaterThan(5);
    const greekByEnglish = new Map(
      Object.entries(en.messages).map(([key, text]) => [text, (el.messages as Record<string, string>)[key]]),
    );
    const untranslated = catalogues.flatMap(([name, catalogue]) =>
      Object.entries(catalogue as Record<string, unknown>)
        .filter(([, text]) => typeof text !== 'string' || !greekByEnglish.get(text)?.trim())
        .map(([key]) => `${name}.${key}`),
    );
    expect(untranslated).toEqual([]);
  });
});
