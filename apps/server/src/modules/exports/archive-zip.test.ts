import { Readable } from 'node:stream';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { unzipArchive, zipArchive } from './archive-zip';

const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
};

describe('archive zip', () => {
  it('zips the JSON documents and the stored files, naming those storage no longer has', async () => {
    const stored = new Map([['attachments/a', Buffer.from('파일 내용')]]);
    const zip = zipArchive(
      {
        entries: [{ path: 'manifest.json', json: { format: 'x', version: 1 } }],
        files: [
          { path: 'files/posts/1-a.txt', storageKey: 'attachments/a' },
          { path: 'files/posts/2-gone.txt', storageKey: 'attachments/gone' },
        ],
      },
      (key) => {
        const bytes = stored.get(key);
        return bytes ? Promise.resolve(Readable.from([bytes])) : Promise.reject(new Error('gone'));
      },
    );
    const files = unzipArchive(await bytesOf(zip));
    expect(JSON.parse(Buffer.from(files.get('manifest.json') ?? []).toString())).toEqual({
      format: 'x',
      version: 1,
    });
    expect(Buffer.from(files.get('files/posts/1-a.txt') ?? []).toString()).toBe('파일 내용');
    expect(JSON.parse(Buffer.from(files.get('missing.json') ?? []).toString())).toEqual([
      'files/posts/2-gone.txt',
    ]);
  });

  it('refuses an archive that unpacks to more than the limit, before inflating it', () => {
    // 4 MB of zeros deflate to a few kilobytes: a small zip bomb.
    const bomb = zipSync({ 'zeros.bin': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(20_000);
    expect(() => unzipArchive(bomb, 1024 * 1024)).toThrow(/unpacks to more than/);
    expect(unzipArchive(bomb, 8 * 1024 * 1024).get('zeros.bin')?.length).toBe(4 * 1024 * 1024);
  });
});
