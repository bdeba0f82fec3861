import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { unzipSync, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Archive } from './workspace-archive';

/**
 * Streams an archive as a zip: each JSON document deflated, each stored file copied as it is read
 * from storage (most are already compressed) and no faster than storage takes the zip, so a
 * workspace's files never sit in memory at once. A file storage no longer has is left out and named in `missing.json`.
 */
export function zipArchive(
  archive: Archive,
  open: (storageKey: string) => Promise<Readable>,
): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const addJson = (path: string, json: unknown) => {
    const entry = new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    entry.push(Buffer.from(`${JSON.stringify(json, null, 2)}\n`), true);
  };
  void (async () => {
    for (const { path, json } of archive.entries) addJson(path, json);
    const missing: string[] = [];
    for (const file of archive.files) {
      let stream: Readable;
      try {
        stream = await open(file.storageKey);
      } catch {
        missing.push(file.path);
        continue;
      }
      const entry = new ZipPassThrough(file.path);
      zip.add(entry);
      for await (const chunk of stream) {
        entry.push(chunk as Uint8Array);
        // Storage takes the zip as fast as it can write it; reading waits for it to catch up.
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      entry.push(new Uint8Array(0), true);
    }
    if (missing.length > 0) addJson('missing.json', missing);
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** The most an archive may hold once unpacked: five times the largest upload an import takes. */
export const UNPACKED_MAX_BYTES = 5 * 200 * 1024 * 1024;

/**
 * The entries of a zip by path. An import reads the whole archive into memory, so the sizes the
 * zip declares are added up before anything is inflated and a zip bomb (a few megabytes that
 * unpack to gigabytes) is refused unread; fflate inflates each entry into a buffer of its
 * declared size, so an entry lying about its size cannot grow past it either.
 */
export function unzipArchive(
  bytes: Uint8Array,
  maxUnpackedBytes = UNPACKED_MAX_BYTES,
): Map<string, Uint8Array> {
  let unpacked = 0;
  const files = unzipSync(bytes, {
    filter: (file) => {
      unpacked += file.originalSize;
      if (unpacked > maxUnpackedBytes) {
        throw new Error(`the archive unpacks to more than ${maxUnpackedBytes} bytes`);
      }
      return true;
    },
  });
  return new Map(Object.entries(files));
}
