import type { Logger } from '../platform/logger.ts';

/** A logger that says nothing, for tests that start platform parts on their own. */
export const silentLogger = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLogger;
  },
} as unknown as Logger;
