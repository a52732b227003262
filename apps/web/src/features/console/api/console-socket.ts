import type { RealtimeChannel, RealtimeMessage, StaffChatMessage } from '@ampelos/domain';
import { useEffect, useReducer, useRef } from 'react';
import { keepRealtimeSocket, type RealtimeSocket } from '../../../lib/realtime.ts';

/** Lines and messages kept on screen; older ones scroll away for good. */
export const KEPT_LOG_LINES = 500;
export const KEPT_CHAT_MESSAGES = 200;

export interface ConsoleState {
  connected: boolean;
  /** null until the server answered the join. */
  joined: Record<RealtimeChannel, boolean | null>;
  chat: StaffChatMessage[];
  logs: string[];
  droppedLines: number;
  /** The server's last refusal (too long, too fast, not allowed). */
  error: string | null;
}

const INITIAL: ConsoleState = {
  connected: false,
  joined: { chat: null, logs: null, agro: null },
  chat: [],
  logs: [],
  droppedLines: 0,
  error: null,
};

type Action =
  | { kind: 'message'; message: RealtimeMessage }
  | { kind: 'connected'; open: boolean }
  | { kind: 'clearError' };

function reduce(state: ConsoleState, action: Action): ConsoleState {
  if (action.kind === 'connected') return { ...state, connected: action.open };
  if (action.kind === 'clearError') return { ...state, error: null };
  const { message } = action;
  switch (message.type) {
    case 'channel':
      return {
        ...state,
        joined: { ...state.joined, [message.channel]: message.joined },
        // A (re)join brings the recent lines again.
        logs: message.channel === 'logs' && message.joined ? [] : state.logs,
        error: message.msg ?? state.error,
      };
    case 'chat': {
      // History after a reconnect repeats known messages: keep each once, in order.
      const known = new Set(state.chat.map((m) => m.id));
      const added = message.messages.filter((m) => !known.has(m.id));
      return { ...state, chat: [...state.chat, ...added].slice(-KEPT_CHAT_MESSAGES) };
    }
    case 'log':
      return {
        ...state,
        logs: [...state.logs, ...message.lines].slice(-KEPT_LOG_LINES),
        droppedLines: state.droppedLines + message.dropped,
      };
    case 'error':
      return { ...state, error: message.msg };
    default:
      return state;
  }
}

const TYPES = new Set(['channel', 'chat', 'log', 'error']);

function parse(data: unknown): RealtimeMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as RealtimeMessage | null;
    return message && TYPES.has(message.type) ? message : null;
  } catch {
    return null;
  }
}

/**
 * The Settings area's live socket: joins the staff chat and/or the server log on every (re)connection
 * and keeps what arrives. `say` sends a chat line (false when the socket is not open).
 */
export function useConsoleSocket(channels: RealtimeChannel[]) {
  const [state, dispatch] = useReducer(reduce, INITIAL);
  const socketRef = useRef<RealtimeSocket | null>(null);
  const wanted = channels.join(',');

  useEffect(() => {
    if (!wanted) return;
    const socket = keepRealtimeSocket({
      onOpen: (open) => {
        for (const channel of wanted.split(',')) open.send({ type: 'join', channel });
      },
      onData: (data) => {
        const message = parse(data);
        if (message) dispatch({ kind: 'message', message });
      },
      onState: (open) => dispatch({ kind: 'connected', open }),
    });
    socketRef.current = socket;
    return () => {
      socket.stop();
      socketRef.current = null;
    };
  }, [wanted]);

  const say = (text: string) => {
    dispatch({ kind: 'clearError' });
    return socketRef.current?.send({ type: 'send', channel: 'chat', text }) ?? false;
  };
  return { state, say };
}
