import { describe, expect, it } from 'vitest';
import { formatLogLine } from './log-line.ts';

describe('formatLogLine', () => {
  it('reads a pino line as time, level and a short text', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2025, 5, 2, 9, 43, 12),
      pid: 1,
      hostname: 'vm',
      reqId: 'req-1',
      res: { statusCode: 200 },
      req: { method: 'GET', url: '/api/deploy' },
      responseTime: 12.6,
      msg: 'request completed',
      method: 'command',
    });
    const formatted = formatLogLine(line);
    expect(formatted.level).toBe('info');
    expect(formatted.time).toMatch(/\d{2}:\d{2}:\d{2}/);
    expect(formatted.text).toBe('request completed GET /api/deploy 200 13 ms method=command');
  });

  it('shows any other line as it is', () => {
    expect(formatLogLine('plain text')).toEqual({ time: '', level: '', text: 'plain text' });
    expect(formatLogLine('[1,2]')).toEqual({ time: '', level: '', text: '[1,2]' });
  });
});
