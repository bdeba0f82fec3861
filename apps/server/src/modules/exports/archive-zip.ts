import { PassThrough, type Readable } from 'node:stream';
import { unzipSync, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Archive } from './workspace-archive';

/**
 * Streams an archive as a zip: each JSON document deflated, each stored file copied as it is read
 * from storage (most are already compressed), so a workspace's files never sit in memory at
 * once. A file storage no longer has is left out and named in `missing.json`.
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
      for await (const chunk of stream) entry.push(chunk as Uint8Array);
      entry.push(new Uint8Array(0), true);
    }
    if (missing.length > 0) addJson('missing.json', missing);
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** The entries of a zip by path (an import reads the whole archive, bounded by its size limit). */
export function unzipArchive(bytes: Uint8Array): Map<string, Uint8Array> {
  return new Map(Object.entries(unzipSync(bytes)));
}
