import type { Readable } from 'node:stream';

export type StoredObject = { size: number };

/** Where uploaded bytes live: DATA_DIR on disk by default, S3-compatible storage when configured. */
export interface FileStorage {
  /** Streams the body to `key`; never buffers a whole file in memory. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
