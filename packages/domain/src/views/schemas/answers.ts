import { z } from 'zod';

/** `{ data }`: the envelope most routes answer in. */
export const dataAnswer = <T extends z.ZodType>(data: T) => z.strictObject({ data });

/** `{ data, msg }`: a change, with the message the screen shows. */
export const dataMessageAnswer = <T extends z.ZodType>(data: T) => z.strictObject({ data, msg: z.string() });
