import type { z } from 'zod';

/** The first issue's message of a failed parse, or undefined when the value is valid. Test use only. */
export function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Every issue message of a failed parse (empty when valid). Test use only. */
export function allMessages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
