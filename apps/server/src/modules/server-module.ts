import type { FastifyInstance } from 'fastify';

/**
 * What each module hands the composition root (`app.ts`): its routes, registered under `/api` in
 * every API process, and its job handlers, started in worker processes. A module builds its own
 * repositories and services from the platform adapters and the other modules' services it is given.
 */
export interface ServerModule {
  routes?(api: FastifyInstance): Promise<void>;
  /** Starts the module's job handlers; what it returns (if anything) stops what they started. */
  startWorker?(): Promise<void | (() => Promise<void>)>;
}
