/** Pure mapping from an HTTP failure to the texts the user sees (spec section 8; silence is a defect). */

export const ERROR_TEXTS = {
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  server: 'Something went wrong on our side. Please try again later.',
  network: 'We could not reach the server. Please check your connection and try again.',
  forbidden: 'You are not allowed to do this.',
  generic: 'Something went wrong. Please try again.',
} as const;

/** `{ errors: [{ msg }] }` → each msg; `{ errors: 'text' }` → the value itself; `{ msg }` → msg. */
export function readErrorMessages(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const { errors, msg } = body as { errors?: unknown; msg?: unknown };
  if (Array.isArray(errors)) {
    return errors
      .map((e) => (typeof e === 'string' ? e : (e as { msg?: unknown } | null)?.msg))
      .filter((m): m is string => typeof m === 'string' && m.length > 0);
  }
  if (typeof errors === 'string' && errors) return [errors];
  if (typeof msg === 'string' && msg) return [msg];
  return [];
}

/** `{ errors: [{ msg, path }] }` → each message with the input it names (`path`, when the server gave one). */
export function readErrorPaths(body: unknown): { msg: string; path?: string }[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return readErrorMessages(body).map((msg) => ({ msg }));
  return errors.flatMap((e) => {
    const { msg, path } = (e ?? {}) as { msg?: unknown; path?: unknown };
    if (typeof msg !== 'string' || !msg) return [];
    return typeof path === 'string' && path ? [{ msg, path }] : [{ msg }];
  });
}

/**
 * Messages to show for a failed response. A 401 shows nothing here: it clears the session instead
 * (and the login form says "Incorrect e-mail or password" itself). Status 0 means the network failed.
 */
export function errorMessagesFor(status: number, body: unknown): string[] {
  if (status === 401) return [];
  if (status === 0) return [ERROR_TEXTS.network];
  if (status >= 500) return [ERROR_TEXTS.server];
  const fromBody = readErrorMessages(body);
  if (fromBody.length > 0) return fromBody;
  if (status === 429) return [ERROR_TEXTS.tooManyRequests];
  if (status === 403) return [ERROR_TEXTS.forbidden];
  return [ERROR_TEXTS.generic];
}
