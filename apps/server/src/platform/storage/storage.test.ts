import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskStorage } from './disk-storage';
import type { FileStorage } from './file-storage';
import { S3Storage } from './s3-storage';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** A body arriving in chunks, like an upload from the network. */
function chunked(data: Buffer, chunkSize = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < data.length; offset += chunkSize) {
        yield data.subarray(offset, offset + chunkSize);
      }
    })(),
  );
}

/** A body whose client goes away after `bytes` bytes. */
function failingAfter(bytes: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytes; sent += 64 * 1024) {
        yield randomBytes(64 * 1024);
        await new Promise((resolve) => setImmediate(resolve));
      }
      throw new Error('client went away');
    })(),
  );
}

/** The behaviours every FileStorage must have. */
function storageBehaviours(name: string, make: () => FileStorage) {
  describe(`${name}: common behaviours`, () => {
    const prefix = `t-${randomBytes(4).toString('hex')}`;

    it('puts a buffer, gets it back, tells it exists, deletes it', async () => {
      const storage = make();
      const key = `${prefix}/a/hello.txt`;
      const body = Buffer.from('안녕하세요, TeamUp');
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.put(key, body, 'text/plain')).toEqual({ size: body.length });
      expect(await storage.exists(key)).toBe(true);
      expect((await readAll(await storage.get(key))).equals(body)).toBe(true);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.get(key)).rejects.toThrow();
      await storage.delete(key); // deleting what is gone is not an error
    });

    it('streams a multi-megabyte body in and out intact', async () => {
      const storage = make();
      const key = `${prefix}/big.bin`;
      const data = randomBytes(6 * 1024 * 1024 + 123); // over one 5 MiB multipart part
      expect(await storage.put(key, chunked(data), 'application/octet-stream')).toEqual({
        size: data.length,
      });
      const back = await readAll(await storage.get(key));
      expect(back.length).toBe(data.length);
      expect(back.equals(data)).toBe(true);
      await storage.delete(key);
    });

    it('overwrites an existing key', async () => {
      const storage = make();
      const key = `${prefix}/over.txt`;
      await storage.put(key, Buffer.from('first'), 'text/plain');
      await storage.put(key, Buffer.from('second'), 'text/plain');
      expect((await readAll(await storage.get(key))).toString()).toBe('second');
      await storage.delete(key);
    });

    it('a body that fails midway rejects and leaves nothing under the key', async () => {
      const storage = make();
      const small = `${prefix}/partial-small.bin`;
      await expect(storage.put(small, failingAfter(256 * 1024), 'x/y')).rejects.toThrow(
        'client went away',
      );
      expect(await storage.exists(small)).toBe(false);
      const large = `${prefix}/partial-large.bin`;
      await expect(storage.put(large, failingAfter(7 * 1024 * 1024), 'x/y')).rejects.toThrow();
      expect(await storage.exists(large)).toBe(false);
    });

    it('a failed overwrite keeps the previous content', async () => {
      const storage = make();
      const key = `${prefix}/keep.txt`;
      await storage.put(key, Buffer.from('original'), 'text/plain');
      await expect(storage.put(key, failingAfter(128 * 1024), 'text/plain')).rejects.toThrow();
      expect((await readAll(await storage.get(key))).toString()).toBe('original');
      await storage.delete(key);
    });
  });
}

describe('DiskStorage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teamup-disk-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  storageBehaviours('DiskStorage', () => new DiskStorage(root));

  it('refuses keys that could leave its directory or are not plain paths', async () => {
    const storage: FileStorage = new DiskStorage(path.join(root, 'inner'));
    const bad = ['../escape.txt', 'a/../../escape.txt', '..', '', 'with space', 'a\\b', 'nul\0x'];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /bad key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/bad key/);
      await expect(storage.delete(key), key).rejects.toThrow(/bad key/);
    }
    expect(fs.existsSync(path.join(root, 'escape.txt'))).toBe(false);
  });

  it('leaves no temporary file behind, after success or failure', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamup-disk-clean-'));
    try {
      const storage: FileStorage = new DiskStorage(dir);
      await storage.put('ok/file.bin', chunked(randomBytes(300_000)), 'x/y');
      await expect(storage.put('bad/file.bin', failingAfter(300_000), 'x/y')).rejects.toThrow();
      const files = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
      const names = files.filter((entry) => entry.isFile()).map((entry) => entry.name);
      expect(names).toEqual(['file.bin']);
      expect(fs.existsSync(path.join(dir, 'ok', 'file.bin'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('two concurrent puts of one key leave one whole body', async () => {
    const storage: FileStorage = new DiskStorage(root);
    const a = randomBytes(500_000);
    const b = randomBytes(500_000);
    await Promise.all([
      storage.put('race.bin', chunked(a, 10_000), 'x/y'),
      storage.put('race.bin', chunked(b, 10_000), 'x/y'),
    ]);
    const back = await readAll(await storage.get('race.bin'));
    expect(back.equals(a) || back.equals(b)).toBe(true);
  });
});

describe('S3Storage against s3rver (a local S3-compatible server)', () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'teamup-s3rver-'));
  const bucket = 'teamup-test';
  let server: S3rver | undefined;
  let endpoint = '';

  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    const address: AddressInfo = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });

  const make = () =>
    new S3Storage({
      endpoint,
      bucket,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      region: 'us-east-1',
    });

  storageBehaviours('S3Storage', make);

  it('stores the content type', async () => {
    const storage = make();
    await storage.put('typed.png', Buffer.from('png'), 'image/png');
    const response = await fetch(`${endpoint}/${bucket}/typed.png`, { method: 'HEAD' });
    expect(response.headers.get('content-type')).toBe('image/png');
    await storage.delete('typed.png');
  });

  it('a missing bucket makes put fail', async () => {
    const storage = new S3Storage({
      endpoint,
      bucket: 'no-such-bucket',
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      region: 'us-east-1',
    });
    await expect(storage.put('x', Buffer.from('x'), 'text/plain')).rejects.toThrow();
  });

  it('exists() on an unreachable store is an error, not "absent"', async () => {
    const storage = new S3Storage({
      endpoint: `http://127.0.0.1:1`,
      bucket,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      region: 'us-east-1',
    });
    await expect(storage.exists('anything')).rejects.toThrow();
  });
});
