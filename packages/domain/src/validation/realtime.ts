import { z } from 'zod';
import { REALTIME_CHANNELS } from '../views/realtime.ts';

export const STAFF_CHAT_MAX_CHARS = 500;

export const REALTIME_MESSAGES = {
  chatEmpty: 'Please write a message',
  chatTooLong: `A chat message can be at most ${STAFF_CHAT_MAX_CHARS} characters`,
  chatTooFast: 'You are sending messages too fast; please wait a moment',
  notAllowed: 'You do not have permission to do this',
  badMessage: 'This message was not understood',
} as const;

const channel = z.enum(REALTIME_CHANNELS);

/** What a client may send over `/api/realtime`: join or leave a channel, or say something in it. */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('join'), channel }),
  z.strictObject({ type: z.literal('leave'), channel }),
  z.strictObject({
    type: z.literal('send'),
    channel,
    text: z
      .string()
      .trim()
      .min(1, REALTIME_MESSAGES.chatEmpty)
      .max(STAFF_CHAT_MAX_CHARS, REALTIME_MESSAGES.chatTooLong),
  }),
]);
export type RealtimeClientMessage = z.output<typeof realtimeClientMessageSchema>;
