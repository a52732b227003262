/** Runs one statement (pg-boss's executor or the pool's). */
export type ExecuteSql = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * One statement for every queue of this process: which have a job waiting that may start now, and in
 * how many seconds the next waiting one may (a retry after its back-off).
 */
const DUE_SQL = `SELECT name,
    bool_or(start_after < now()) AS due,
    extract(epoch FROM min(start_after) FILTER (WHERE start_after >= now()) - now())::float8 AS next_in
  FROM pgboss.job
  WHERE name = ANY(string_to_array($1, ',')) AND state < 'active'
  GROUP BY name`;

/** A timer fired a little early would find the job not yet due and look again. */
const MARGIN_MS = 50;

export interface DuePoll {
  /**
   * Looks within `withinMs` (at once by default; an earlier look already planned stays): a retry was
   * just written, wake-ups may have been lost, or a queue got its workers.
   */
  soon(withinMs?: number): void;
  stop(): void;
}

/**
 * The one place an idle process asks the database for work: every `intervalMs` (a safety net for what
 * nothing announced: a cron job, a job a lost NOTIFY announced, one whose crashed worker's lease
 * expired) and exactly when the earliest waiting job becomes due. Queues with due jobs get their
 * workers woken; the workers themselves never poll. Between looks an idle process sends nothing.
 */
export function startDuePoll(options: {
  executeSql: ExecuteSql;
  /** The queues this process has workers for (looked at each time: handlers are added after start). */
  queues: () => string[];
  wake: (queue: string) => void;
  intervalMs: number;
  onError: (error: unknown) => void;
}): DuePoll {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the pending timer fires (ms since the epoch). */
  let timerAt = Number.POSITIVE_INFINITY;
  let running = false;
  let lookAgain = false;
  let stopped = false;

  function lookIn(ms: number) {
    clearTimeout(timer);
    timerAt = Date.now() + ms;
    timer = setTimeout(() => {
      timerAt = Number.POSITIVE_INFINITY;
      void look();
    }, ms);
    // Nothing to do is no reason to keep the process alive.
    timer.unref();
  }

  async function look() {
    if (stopped) return;
    if (running) {
      lookAgain = true;
      return;
    }
    running = true;
    let nextMs = options.intervalMs;
    try {
      const queues = options.queues();
      if (queues.length > 0) {
        // As one text: the embedded database's driver takes no array parameters. Queue names have no commas.
        const { rows } = await options.executeSql(DUE_SQL, [queues.join(',')]);
        for (const row of rows as { name: string; due: boolean; next_in: number | null }[]) {
          if (row.due) options.wake(row.name);
          if (row.next_in !== null)
            nextMs = Math.min(nextMs, Math.max(0, Math.ceil(row.next_in * 1000)) + MARGIN_MS);
        }
      }
    } catch (error) {
      options.onError(error);
    } finally {
      running = false;
    }
    if (stopped) return;
    if (lookAgain) {
      lookAgain = false;
      nextMs = 0;
    }
    lookIn(nextMs);
  }

  lookIn(options.intervalMs);
  return {
    soon(withinMs = 0) {
      if (stopped) return;
      if (running) lookAgain = true;
      else if (Date.now() + withinMs < timerAt) lookIn(withinMs);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timerAt = Number.POSITIVE_INFINITY;
    },
  };
}
