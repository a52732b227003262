import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

const bytes = (n: number, fill = 'x') => Buffer.from(fill.repeat(n));

describe('answer cache', () => {
  it('keeps answers within its byte budget, least recently confirmed out first', () => {
    const cache = createAnswerCache({ maxBytes: 400, maxUncheckedMs: 1000 });
    const a = cache.set('a', bytes(100), 's1');
    cache.set('b', bytes(100), 's1');
    cache.set('c', bytes(100), 's1');
    cache.confirm('a', a, 's2');
    cache.set('d', bytes(100), 's1');
    cache.set('e', bytes(100), 's1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.snapshot).toBe('s2');
    expect(cache.bytes).toBe(400);
    // An answer over a quarter of the budget is answered but not kept.
    expect(cache.set('big', bytes(101), 's1').etag).toMatch(/^W\/".+"$/);
    expect(cache.get('big')).toBeUndefined();
  });

  it('never puts back an older answer over a newer one stored meanwhile', () => {
    const cache = createAnswerCache({ maxBytes: 1000, maxUncheckedMs: 1000 });
    const older = cache.set('viewer', bytes(10, 'o'), 's1');
    const newer = cache.set('viewer', bytes(20, 'n'), 's3');
    cache.confirm('viewer', older, 's2');
    expect(cache.get('viewer')).toBe(newer);
    expect(cache.bytes).toBe(20);
  });

  it('drops an answer not checked for longer than the change log is kept', () => {
    let now = 0;
    const cache = createAnswerCache({ maxBytes: 1000, maxUncheckedMs: 1000, now: () => now });
    const entry = cache.set('viewer', bytes(10), 's1');
    now = 900;
    cache.confirm('viewer', entry, 's2');
    now = 1800;
    expect(cache.get('viewer')).toBe(entry);
    now = 2000;
    expect(cache.get('viewer')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('tags the same bytes alike and different bytes apart', () => {
    const cache = createAnswerCache({ maxBytes: 1000, maxUncheckedMs: 1000 });
    expect(cache.set('a', bytes(10), 's').etag).toBe(cache.set('b', bytes(10), 's').etag);
    expect(cache.set('c', bytes(10, 'y'), 's').etag).not.toBe(cache.get('a')?.etag);
  });
});
