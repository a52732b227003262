import { ERROR_TEXTS_EN } from './error-texts.ts';

/** Parameters of a message with `{{name}}` placeholders (i18next's syntax on both sides). */
export type MessageParams = Record<string, string | number>;

/** A message as the API answers it: the English text, and the catalogue key and parameters to translate by. */
export interface KeyedMessage {
  msg: string;
  key?: string;
  params?: MessageParams;
}

let keyByText: Map<string, string> | undefined;

/**
 * The `errors:` key of a domain message constant. Zod issues and thrown errors carry the constant's
 * text only; this finds which constant it is (the first, when two groups share a wording).
 */
export function errorKeyOf(text: string): string | undefined {
  if (!keyByText) {
    keyByText = new Map();
    for (const [group, texts] of Object.entries(ERROR_TEXTS_EN)) {
      for (const [name, value] of Object.entries(texts)) {
        if (!keyByText.has(value)) keyByText.set(value, `errors:${group}.${name}`);
      }
    }
  }
  return keyByText.get(text);
}

/** Fills `{{name}}` placeholders; the English answer of a message with parameters. */
export function fillMessage(template: string, params: MessageParams | undefined): string {
  if (!params) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The answer item for a message: its key when it is a catalogue text, and its parameters filled in. */
export function keyedMessage(template: string, params?: MessageParams): KeyedMessage {
  const key = errorKeyOf(template);
  const msg = fillMessage(template, params);
  if (!key) return { msg };
  return params ? { msg, key, params } : { msg, key };
}
