import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import pg from 'pg';

/** Waiters ask the holder (in any process) to let go of an upload through this channel. */
const RELEASE_CHANNEL = 'ampelos_tus_release';

export interface PostgresLockerOptions {
  connectionString: string;
  /** A request that cannot take the lock within this time fails (tus answers 500, the client retries). */
  acquireTimeoutMs?: number;
  /** How often a waiter tries again. */
  retryMs?: number;
  onError?: (error: Error) => void;
}

/** A 64-bit advisory lock key per upload id (ids are random: collisions are not a concern). */
function advisoryKey(id: string): string {
  const digest = createHash('sha256').update(`ampelos:tus:${id}`).digest();
  return digest.readBigInt64BE(0).toString();
}

/**
 * The tus lock of one upload shared by every API process on the same PostgreSQL: consecutive
 * requests of an upload may hit different processes behind the load balancer, and two PATCHes of
 * the same upload must never write at once.
 *
 * Each process holds its locks as session advisory locks on one dedicated connection, which also
 * LISTENs for release requests: a waiter that finds the lock taken NOTIFYs the upload id, the
 * holding process calls its request's `requestRelease` (tus then ends that request, typically a
 * half-open connection from before the client's reconnect), and the waiter retries. If the
 * connection drops, PostgreSQL frees its locks, so every holder is asked to stop at once.
 */
export class PostgresLocker implements Locker {
  /** Uploads locked by this process → the holding request's release callback. */
  readonly held = new Map<string, RequestRelease>();
  readonly acquireTimeoutMs: number;
  readonly retryMs: number;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(private readonly options: PostgresLockerOptions) {
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.retryMs = options.retryMs ?? 100;
  }

  newLock(id: string): Lock {
    return new PostgresLock(id, this);
  }

  /** The session that owns this process's locks, connected on first use and after a loss. */
  connection(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('The upload locker is closed'));
    if (!this.connecting) {
      const client = new pg.Client({ connectionString: this.options.connectionString });
      const connecting = (async () => {
        client.on('error', (error) => this.lost(connecting, error));
        client.on('end', () => this.lost(connecting, new Error('upload lock connection ended')));
        client.on('notification', (message) => {
          if (message.channel === RELEASE_CHANNEL && message.payload) void this.held.get(message.payload)?.();
        });
        await client.connect();
        await client.query(`LISTEN ${RELEASE_CHANNEL}`);
        return client;
      })();
      connecting.catch(() => {
        if (this.connecting === connecting) this.connecting = null;
      });
      this.connecting = connecting;
    }
    return this.connecting;
  }

  private lost(connection: Promise<pg.Client>, error: Error) {
    if (this.connecting !== connection) return;
    this.connecting = null;
    if (this.closed) return;
    this.options.onError?.(error);
    // The session's advisory locks are gone: no request may go on believing it holds one.
    const releases = [...this.held.values()];
    this.held.clear();
    for (const release of releases) void release();
  }

  async tryLock(id: string): Promise<boolean> {
    const client = await this.connection();
    const { rows } = await client.query('SELECT pg_try_advisory_lock($1::bigint) AS locked', [
      advisoryKey(id),
    ]);
    return rows[0]?.locked === true;
  }

  async unlock(id: string): Promise<void> {
    const client = await this.connection();
    await client.query('SELECT pg_advisory_unlock($1::bigint)', [advisoryKey(id)]);
  }

  async askRelease(id: string): Promise<void> {
    const client = await this.connection();
    await client.query('SELECT pg_notify($1, $2)', [RELEASE_CHANNEL, id]);
  }

  async close(): Promise<void> {
    this.closed = true;
    const connecting = this.connecting;
    this.connecting = null;
    this.held.clear();
    if (connecting) await (await connecting.catch(() => null))?.end();
  }
}

class PostgresLock implements Lock {
  private release: RequestRelease | null = null;

  constructor(
    private readonly id: string,
    private readonly locker: PostgresLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { id, locker } = this;
    const deadline = Date.now() + locker.acquireTimeoutMs;
    let askedAt = 0;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      const localHolder = locker.held.get(id);
      if (!localHolder) {
        // Reserved here first: session advisory locks are re-entrant, so two requests of this
        // process would otherwise both get it.
        locker.held.set(id, requestRelease);
        let locked = false;
        try {
          locked = await locker.tryLock(id);
        } finally {
          if (!locked && locker.held.get(id) === requestRelease) locker.held.delete(id);
        }
        if (locked) {
          this.release = requestRelease;
          return;
        }
      }
      if (Date.now() - askedAt >= 1000) {
        askedAt = Date.now();
        // Held by a request of this process: ask it directly; else whichever process has it.
        if (localHolder) await localHolder();
        else await locker.askRelease(id);
      }
      if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(locker.retryMs, undefined, { signal }).catch(() => undefined);
    }
  }

  async unlock(): Promise<void> {
    const { id, locker } = this;
    // Not ours any more when the lock connection dropped meanwhile (PostgreSQL freed it then).
    if (!this.release || locker.held.get(id) !== this.release) return;
    this.release = null;
    locker.held.delete(id);
    await locker.unlock(id);
  }
}
