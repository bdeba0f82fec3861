import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files';
import type { FileStorage, StoredObject } from './file-storage';

export class DiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!/^[A-Za-z0-9/_.-]+$/.test(key) || key.includes('..')) throw new Error(`bad key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable | Buffer): Promise<StoredObject> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    // Unique per put: two concurrent puts of one key never share (or steal) a temporary file.
    const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.partial`;
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    try {
      await pipeline(source, createWriteStream(temp, { mode: PRIVATE_FILE_MODE }));
      // Rename only after the whole body arrived: a reader never sees half a file.
      await fs.rename(temp, target);
    } catch (error) {
      // A body that failed midway (the client went away) leaves nothing behind.
      await fs.rm(temp, { force: true });
      throw error;
    }
    const stat = await fs.stat(target);
    return { size: stat.size };
  }

  async get(key: string): Promise<Readable> {
    const target = this.pathOf(key);
    await fs.access(target);
    return createReadStream(target);
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
}
