export const STAFF_CHAT_MAX_CHARS = 500;

/** Exact texts of the realtime messages; apart from the schemas so the catalogue's key index stays free of zod. */
export const REALTIME_MESSAGES = {
  chatEmpty: 'Please write a message',
  chatTooLong: `A chat message can be at most ${STAFF_CHAT_MAX_CHARS} characters`,
  chatTooFast: 'You are sending messages too fast; please wait a moment',
  notAllowed: 'You do not have permission to do this',
  badMessage: 'This message was not understood',
} as const;
