import { z } from 'zod';
import { REALTIME_CHANNELS } from '../views/realtime.ts';
import { REALTIME_MESSAGES, STAFF_CHAT_MAX_CHARS } from './realtime-messages.ts';

export { REALTIME_MESSAGES, STAFF_CHAT_MAX_CHARS };

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
