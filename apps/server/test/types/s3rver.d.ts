/** The part of s3rver (a local S3-compatible server, no types published) the tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  };

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Resolves with the address it listens on (port 0: the OS picks one). */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
