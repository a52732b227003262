import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { $ZodType } from 'zod/v4/core';
import { translateMessage } from './i18n.ts';

/** A Mantine form validator from a domain zod schema, with the messages shown in the current language. */
export function zodValidate(schema: $ZodType) {
  const resolve = zod4Resolver(schema);
  return (values: Record<string, unknown>): FormErrors => {
    const errors = resolve(values);
    const translated: FormErrors = {};
    for (const [path, error] of Object.entries(errors)) {
      translated[path] = typeof error === 'string' ? translateMessage(error) : error;
    }
    return translated;
  };
}
