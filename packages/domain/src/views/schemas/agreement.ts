/**
 * Compile-time agreement of a response schema with the view type it describes: `agree<Same<...>>(true)`
 * fails to compile when the two drift apart. String unions compare as strings (a schema may say
 * `z.string()` where the type lists its values).
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export type Loosen<T> = T extends string
  ? string
  : T extends (infer I)[]
    ? Loosen<I>[]
    : T extends object
      ? { [K in keyof T]: Loosen<T[K]> }
      : T;
export const agree = <T extends true>(_: T) => undefined;
