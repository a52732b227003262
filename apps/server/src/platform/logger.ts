import type { FastifyBaseLogger } from 'fastify';

/** The server's logger (pino through Fastify); adapters take this narrow shape. */
export type Logger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;
