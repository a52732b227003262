import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUser } from './auth.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  const seen: Headers[] = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    seen.push(new Headers(init.headers));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return seen;
}

describe('the session probe', () => {
  it("sends the probe header and reads the server's anonymous answer as signed out", async () => {
    const seen = answer(200, null);
    expect(await getUser()).toBeNull();
    expect(seen[0]?.get('X-Session-Probe')).toBe('1');
  });

  it('still reads a 401 as signed out', async () => {
    answer(401, { errors: [{ msg: 'Unauthorized' }] });
    expect(await getUser()).toBeNull();
  });

  it('answers the signed-in user', async () => {
    answer(200, { email: 'eleni@example.com' });
    expect((await getUser())?.email).toBe('eleni@example.com');
  });
});
