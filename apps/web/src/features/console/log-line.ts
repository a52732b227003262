/** pino's numeric levels. */
const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
/** Fields every line has or that are shown in their own place. */
const SHOWN = new Set([
  'time',
  'level',
  'msg',
  'pid',
  'hostname',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

export interface LogLine {
  time: string;
  level: string;
  text: string;
}

/**
 * A pino JSON line as a person reads it: "09:43:12 INFO request completed GET /api/x 200 12 ms". Lines
 * that are not JSON are shown as they are.
 */
export function formatLogLine(line: string, lang = 'en'): LogLine {
  let entry: Record<string, unknown>;
  try {
    const parsed = JSON.parse(line) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('not an entry');
    entry = parsed as Record<string, unknown>;
  } catch {
    return { time: '', level: '', text: line };
  }
  const time =
    typeof entry.time === 'number'
      ? new Date(entry.time).toLocaleTimeString(lang, {
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        })
      : '';
  const level = typeof entry.level === 'number' ? (LEVELS[entry.level] ?? String(entry.level)) : '';
  const parts: string[] = [];
  if (typeof entry.msg === 'string') parts.push(entry.msg);
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`.trim());
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  const err = entry.err as { message?: string } | undefined;
  if (err?.message) parts.push(err.message);
  for (const [key, value] of Object.entries(entry)) {
    if (!SHOWN.has(key)) parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return { time, level, text: parts.join(' ') };
}
