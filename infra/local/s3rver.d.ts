/** The slice of s3rver 3.x (untyped CommonJS) the local stack uses. */
declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  /** What s3rver emits on `event`: an S3 notification with one record (not all fields of the real one). */
  interface S3rverEvent {
    Records: {
      eventVersion: string;
      eventSource: string;
      awsRegion: string;
      eventTime: string;
      eventName: string;
      userIdentity: { principalId: string };
      requestParameters: { sourceIPAddress: string };
      responseElements: Record<string, string>;
      s3: {
        s3SchemaVersion: string;
        configurationId: string;
        bucket: { name: string; ownerIdentity: { principalId: string }; arn: string };
        object: { key: string; size?: number; eTag?: string; sequencer: string };
      };
    }[];
  }

  class S3rver extends EventEmitter {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    on(event: 'event', listener: (event: S3rverEvent) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export type { S3rverEvent, S3rverOptions };
  export default S3rver;
}
