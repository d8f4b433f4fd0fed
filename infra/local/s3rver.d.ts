/** The slice of s3rver 3.x (untyped CommonJS, a Koa app) the local stack uses. */
declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  class S3rver extends EventEmitter {
    constructor(options?: S3rverOptions);
    /** Creates the configured buckets (what `run()` does before it listens). */
    configureBuckets(): Promise<unknown>;
    /** Koa's request handler: the stack serves it on a unix socket behind the front (s3-local.ts). */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export type { S3rverOptions };
  export default S3rver;
}
