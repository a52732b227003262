import { describe, expect, it } from 'vitest';
import * as domain from '../index.ts';
import { CATALOGUE, NAMESPACES } from './catalogue.ts';
import { ERROR_TEXTS_EN } from './error-texts.ts';

function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

/** The `{{name}}`s of a text; a plural form `_one` may leave out its `{{count}}` ("the largest outline"). */
const placeholders = (key: string, text: unknown) =>
  typeof text === 'string'
    ? [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))]
        .filter((name) => !(key.endsWith('_one') && name === 'count'))
        .sort()
    : [];

describe('the translation catalogue', () => {
  it.each(NAMESPACES)('has every key of %s in English and in Greek', (namespace) => {
    const en = new Map(leaves(CATALOGUE.en[namespace]));
    const el = new Map(leaves(CATALOGUE.el[namespace]));
    expect(
      [...en.keys()].filter((key) => !el.has(key)),
      'keys without Greek',
    ).toEqual([]);
    expect(
      [...el.keys()].filter((key) => !en.has(key)),
      'keys without English',
    ).toEqual([]);
  });

  it.each(NAMESPACES)('has no empty or placeholder text in %s', (namespace) => {
    const texts = [...leaves(CATALOGUE.en[namespace]), ...leaves(CATALOGUE.el[namespace])];
    expect(
      texts.filter(([, text]) => typeof text !== 'string' || text.trim() === '' || /^TODO\b/.test(text)),
    ).toEqual([]);
  });

  it.each(NAMESPACES)('has the same {{parameters}} in both languages in %s', (namespace) => {
    const el = new Map(leaves(CATALOGUE.el[namespace]));
    const differing = leaves(CATALOGUE.en[namespace])
      .filter(([key, text]) => placeholders(key, text).join() !== placeholders(key, el.get(key)).join())
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('names no parameter after an i18next option (`{{lng}}` would be the language, not the value)', () => {
    const options = new Set(['lng', 'lngs', 'ns', 'context', 'defaultValue', 'replace', 'returnObjects']);
    const clashing = NAMESPACES.flatMap((namespace) =>
      leaves(CATALOGUE.en[namespace])
        .filter(([key, text]) => placeholders(key, text).some((name) => options.has(String(name))))
        .map(([key]) => `${namespace}:${key}`),
    );
    expect(clashing).toEqual([]);
  });

  it('writes Greek in Greek: a Greek text is not the English one copied', () => {
    // Proper names and codes (Ampelos, NDVI, e-mail) may stay; a whole sentence may not.
    const copied = NAMESPACES.flatMap((namespace) => {
      const el = new Map(leaves(CATALOGUE.el[namespace]));
      return leaves(CATALOGUE.en[namespace])
        .filter(
          ([key, text]) => typeof text === 'string' && text.split(' ').length > 3 && el.get(key) === text,
        )
        .map(([key]) => `${namespace}:${key}`);
    });
    expect(copied).toEqual([]);
  });

  it('keys every message catalogue of the domain (`*_MESSAGES`) in the errors namespace', () => {
    const groups = new Set<unknown>(Object.values(ERROR_TEXTS_EN));
    const catalogues = Object.entries(domain).filter(([name]) => /(^|_)MESSAGES$/.test(name));
    expect(catalogues.length).toBeGreaterThan(10);
    expect(catalogues.filter(([, catalogue]) => !groups.has(catalogue)).map(([name]) => name)).toEqual([]);
  });

  it('finds the key of a domain message and fills its parameters', () => {
    expect(domain.errorKeyOf(domain.MESSAGES.email)).toBe('errors:validation.email');
    expect(domain.keyedMessage(domain.COMMERCE_MESSAGES.e2eFieldTooSmall, { min: 5 })).toEqual({
      msg: 'End to End is available for fields of at least 5 hectares',
      key: 'errors:commerce.e2eFieldTooSmall',
      params: { min: 5 },
    });
    expect(domain.keyedMessage('Not a catalogue text')).toEqual({ msg: 'Not a catalogue text' });
  });
});
