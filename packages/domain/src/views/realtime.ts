import type { AgroRunView } from './agro-jobs.ts';

/** Channels a realtime socket may join besides its own notifications (docs/DASHBOARD.md). */
export const REALTIME_CHANNELS = ['chat', 'logs', 'agro'] as const;
export type RealtimeChannel = (typeof REALTIME_CHANNELS)[number];

/** One staff chat message as every member of the channel receives it. */
export interface StaffChatMessage {
  id: string;
  authorUuid: string;
  /** "MG" for Maria Georgiou: what the chat shows beside the text. */
  initials: string;
  name: string;
  text: string;
  sentAt: string;
}

/** Pushed over `/api/realtime`. */
export type RealtimeMessage =
  /** To each open socket of the recipient, and once on connect. */
  | { type: 'notification'; unread: number }
  /** New chat messages; on joining the channel, the recent history. */
  | { type: 'chat'; messages: StaffChatMessage[] }
  /** Server log lines (secrets redacted); `dropped` lines were skipped for a slow stream. */
  | { type: 'log'; lines: string[]; dropped: number }
  /** Progress of the administrators' agro job runs (`agro` channel); on joining, the recent runs. */
  | { type: 'agro-run'; runs: AgroRunView[] }
  /** The answer to a join or leave, or a membership the server ended (permission gone). */
  | { type: 'channel'; channel: RealtimeChannel; joined: boolean; msg?: string }
  /** A client message the server refused (unknown, too long, too many). */
  | { type: 'error'; msg: string };
