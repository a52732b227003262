import { ERRORS } from '@tus/server';
import { afterEach, describe, expect, it } from 'vitest';
import { skipUnlessCi } from '../imaging/test-support/paths.ts';
import { PostgresLocker } from './pg-locker.ts';

// Two lockers on two connections stand for two API processes behind a load balancer.
const databaseUrl = process.env.TEST_DATABASE_URL;
const lockers: PostgresLocker[] = [];
function apiProcess(options: { acquireTimeoutMs?: number } = {}) {
  const locker = new PostgresLocker({ connectionString: databaseUrl as string, retryMs: 20, ...options });
  lockers.push(locker);
  return locker;
}
afterEach(async () => {
  for (const locker of lockers.splice(0)) await locker.close();
});

const uploadId = () => Math.random().toString(16).slice(2).padEnd(32, '0');
const never = () => new AbortController().signal;

describe.skipIf(skipUnlessCi(Boolean(databaseUrl)))('tus lock shared through PostgreSQL', () => {
  it('makes a second process wait, asks the holder to let go, and hands over on unlock', async () => {
    const [a, b] = [apiProcess(), apiProcess()];
    const id = uploadId();
    const events: string[] = [];
    const held = a.newLock(id);
    let releaseAsked!: () => void;
    const asked = new Promise<void>((resolve) => {
      releaseAsked = resolve;
    });
    await held.lock(never(), () => {
      events.push('a asked to release');
      releaseAsked();
    });

    const waiting = b
      .newLock(id)
      .lock(never(), () => undefined)
      .then(() => events.push('b locked'));
    // The holder in the other process hears the request (LISTEN/NOTIFY) while b still waits.
    await asked;
    expect(events).toEqual(['a asked to release']);
    await held.unlock();
    await waiting;
    expect(events).toEqual(['a asked to release', 'b locked']);
  });

  it('keeps two requests of the same process apart as well', async () => {
    const a = apiProcess();
    const id = uploadId();
    const first = a.newLock(id);
    let asked = 0;
    await first.lock(never(), () => {
      asked += 1;
      void first.unlock();
    });
    await a.newLock(id).lock(never(), () => undefined);
    expect(asked).toBe(1);
  });

  it('lets different uploads proceed at once', async () => {
    const [a, b] = [apiProcess(), apiProcess()];
    await a.newLock(uploadId()).lock(never(), () => undefined);
    await expect(b.newLock(uploadId()).lock(never(), () => undefined)).resolves.toBeUndefined();
  });

  it('gives up after the acquire timeout when the holder never lets go', async () => {
    const [a, b] = [apiProcess(), apiProcess({ acquireTimeoutMs: 300 })];
    const id = uploadId();
    await a.newLock(id).lock(never(), () => undefined);
    await expect(b.newLock(id).lock(never(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });

  it('stops waiting when the waiting request is aborted', async () => {
    const [a, b] = [apiProcess(), apiProcess()];
    const id = uploadId();
    await a.newLock(id).lock(never(), () => undefined);
    const controller = new AbortController();
    const waiting = b.newLock(id).lock(controller.signal, () => undefined);
    controller.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
  });

  it('frees the locks of a process that dies', async () => {
    const [a, b] = [apiProcess(), apiProcess()];
    const id = uploadId();
    await a.newLock(id).lock(never(), () => undefined);
    await a.close();
    await expect(b.newLock(id).lock(never(), () => undefined)).resolves.toBeUndefined();
  });
});
