import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  app: FastifyInstance;
  /** In-flight requests get this long, then their connections are cut; running jobs get as long again. */
  timeoutMs: number;
  /** Called first: the process reports itself not ready, so the proxy sends no new requests. */
  onDraining?: () => void;
  /** After the app closed (server and job queue): admin socket, database, embedded lock. */
  release: () => Promise<void>;
  exit?: (code: number) => void;
}

/**
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (Fastify answers 503 to new
 * requests on kept-alive connections meanwhile), stop pg-boss gracefully (running jobs finish, or are
 * failed at the deadline and retried by another worker), close the realtime bus and the database, exit 0.
 */
export function installGracefulShutdown(options: ShutdownOptions) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  async function shutdown(signal: string, failed = false) {
    if (stopping) return;
    stopping = true;
    options.app.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    options.onDraining?.();
    const cutRequests = setTimeout(() => {
      options.app.log.warn('shutdown: requests still running at the deadline are cut');
      options.app.server.closeAllConnections();
    }, options.timeoutMs);
    cutRequests.unref();
    // Whatever hangs past both deadlines (a stuck database close) must not keep the process forever.
    const giveUp = setTimeout(() => exit(1), 2 * options.timeoutMs + 10_000);
    giveUp.unref();
    let code = 0;
    try {
      await options.app.close();
    } catch (err) {
      options.app.log.error({ err }, 'shutdown: closing the app failed');
      code = 1;
    }
    clearTimeout(cutRequests);
    try {
      await options.release();
    } catch (err) {
      options.app.log.error({ err }, 'shutdown: releasing resources failed');
      code = 1;
    }
    clearTimeout(giveUp);
    exit(failed ? 1 : code);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // The last net, not the fix (jobs own their streams): an error nothing caught is logged where
  // operators look, then the process stops as cleanly as it can; the jobs it held resume at the next
  // start, and the resume limits (modules/datasets) end any dataset that keeps killing its worker.
  process.on('uncaughtException', (err) => {
    options.app.log.fatal({ err }, 'uncaught exception: stopping (unfinished jobs resume at the next start)');
    void shutdown('uncaughtException', true);
  });
  // A promise nobody awaited changes no shared state by failing: log it and keep serving.
  process.on('unhandledRejection', (reason) => {
    options.app.log.error({ err: reason }, 'unhandled promise rejection (the process keeps running)');
  });
}
