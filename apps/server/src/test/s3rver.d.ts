/** The parts of s3rver (a test-only S3 server, no types of its own) the tests use. */
declare module 's3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }

  type Middleware = (
    ctx: {
      method: string;
      path: string;
      query: Record<string, string | undefined>;
      status: number;
      type: string;
      body: unknown;
    },
    next: () => Promise<void>,
  ) => Promise<void>;

  export default class S3rver {
    constructor(options: S3rverOptions);
    middleware: Middleware[];
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer: Server;
  }
}
