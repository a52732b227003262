import { CLIENT_ERROR_MESSAGES, type KeyedMessage, keyedMessage } from '@ampelos/domain';

/** Pure mapping from an HTTP failure to the messages the user sees (spec section 8; silence is a defect). */

export const ERROR_TEXTS = CLIENT_ERROR_MESSAGES;

function keyedItem(item: unknown): KeyedMessage | undefined {
  if (typeof item === 'string') return item ? { msg: item } : undefined;
  const { msg, key, params } = (item ?? {}) as { msg?: unknown; key?: unknown; params?: unknown };
  if (typeof msg !== 'string' || !msg) return undefined;
  const keyed: KeyedMessage = { msg };
  if (typeof key === 'string' && key) keyed.key = key;
  if (params && typeof params === 'object') keyed.params = params as KeyedMessage['params'];
  return keyed;
}

/** `{ errors: [{ msg, key?, params? }] }` → each item; `{ errors: 'text' }` → the text itself; `{ msg }` → msg. */
export function readErrorItems(body: unknown): KeyedMessage[] {
  if (!body || typeof body !== 'object') return [];
  const { errors, msg } = body as { errors?: unknown; msg?: unknown };
  if (Array.isArray(errors)) return errors.map(keyedItem).filter((m): m is KeyedMessage => m !== undefined);
  if (typeof errors === 'string' && errors) return [{ msg: errors }];
  if (typeof msg === 'string' && msg) return [{ msg }];
  return [];
}

/** The English texts of an error answer (`readErrorItems` without the keys). */
export function readErrorMessages(body: unknown): string[] {
  return readErrorItems(body).map((item) => item.msg);
}

/** `{ errors: [{ msg, key?, params?, path }] }` → each message with the input it names (`path`, when given). */
export function readErrorPaths(body: unknown): (KeyedMessage & { path?: string })[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return readErrorItems(body);
  return errors.flatMap((e) => {
    const item = keyedItem(e);
    if (!item) return [];
    const path = (e as { path?: unknown } | null)?.path;
    return typeof path === 'string' && path ? [{ ...item, path }] : [item];
  });
}

const clientMessage = (name: keyof typeof CLIENT_ERROR_MESSAGES) => keyedMessage(CLIENT_ERROR_MESSAGES[name]);

/**
 * Messages to show for a failed response, with the keys to translate them by. A 401 shows nothing
 * here: it clears the session instead (and the login form says "Incorrect e-mail or password"
 * itself). Status 0 means the network failed.
 */
export function errorItemsFor(status: number, body: unknown): KeyedMessage[] {
  if (status === 401) return [];
  if (status === 0) return [clientMessage('network')];
  if (status >= 500) return [clientMessage('server')];
  const fromBody = readErrorItems(body);
  if (fromBody.length > 0) return fromBody;
  if (status === 429) return [clientMessage('tooManyRequests')];
  if (status === 403) return [clientMessage('forbidden')];
  return [clientMessage('generic')];
}

/** The English texts of `errorItemsFor`. */
export function errorMessagesFor(status: number, body: unknown): string[] {
  return errorItemsFor(status, body).map((item) => item.msg);
}
