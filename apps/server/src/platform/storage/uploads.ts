import { randomBytes } from 'node:crypto';
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { FileMessages, Limits } from '@teamup/contracts/limits';
import { AppError } from '../errors/app-error';
import type { FileStorage } from './file-storage';

/** What an uploaded file became in storage. */
export type StoredUpload = {
  storageKey: string;
  originalName: string;
  size: number;
  contentType: string;
  isImage: boolean;
};

const OCTET_STREAM = 'application/octet-stream';

/**
 * The media type of a raster image recognised by its first bytes, or null. SVG and anything
 * else that a browser could run as a document never count as an image, whatever its name says.
 */
export function rasterImageType(head: Buffer): string | null {
  const starts = (bytes: number[], offset = 0) =>
    head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39)) {
    return 'image/gif';
  }
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x42, 0x4d]) && head.length >= 14) return 'image/bmp';
  return null;
}

/**
 * The uploaded name made safe to store and show: no directories (some browsers send a whole
 * path), no control characters, at most `fileNameMax` characters. Korean and spaces stay.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we drop
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const limited = Array.from(cleaned).slice(0, Limits.fileNameMax).join('');
  return limited || '파일';
}

/**
 * `Content-Disposition` per RFC 6266: an ASCII `filename` for old clients and the exact name as
 * UTF-8 in `filename*` (RFC 5987), so Korean names and spaces survive the download.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export const fileTooLarge = () =>
  new AppError(413, ErrorCode.FILE_TOO_LARGE, FileMessages.fileTooLarge);

/**
 * Counts the bytes going through and keeps the first few for sniffing. Once over a limit it
 * stops passing bytes on but keeps reading, so the client's upload finishes and it gets a
 * clean 413 instead of a reset connection.
 */
class Meter extends Transform {
  size = 0;
  head = Buffer.alloc(0);
  exceeded: AppError | null = null;

  constructor(
    private readonly maxFile: number,
    private readonly total: TotalLimit | undefined,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.head.length < 16) this.head = Buffer.concat([this.head, chunk.subarray(0, 16)]);
    if (!this.exceeded && this.size > this.maxFile) this.exceeded = fileTooLarge();
    if (!this.exceeded && this.total && this.size > this.total.bytesLeft) {
      this.exceeded = this.total.exceeded();
    }
    if (this.exceeded) {
      done();
      return;
    }
    done(null, chunk);
  }
}

/** A limit over several files (a post's total): the bytes still allowed and the error past it. */
export type TotalLimit = { bytesLeft: number; exceeded: () => AppError };

/**
 * Streams one uploaded file into storage under a new random key; nothing is held in memory
 * beyond a chunk. Over a limit, whatever was written is removed and a 413 is thrown.
 */
export async function storeUpload(
  storage: FileStorage,
  file: { stream: Readable; filename: string | undefined },
  options: { keyPrefix: string; total?: TotalLimit },
): Promise<StoredUpload> {
  const key = `${options.keyPrefix}/${randomBytes(18).toString('base64url')}`;
  const meter = new Meter(Limits.attachmentMaxBytes, options.total);
  // pipeline, not pipe: a form cut off inside the file, read in one chunk, fails the file stream
  // before the route gets it, and a pipe from an already failed stream waits forever.
  pipeline(file.stream, meter, (error) => {
    if (error) meter.destroy(error);
  });
  try {
    await storage.put(key, meter, OCTET_STREAM);
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    throw error;
  }
  // The multipart reader stops at one byte over the file limit and marks the stream truncated.
  const truncated = (file.stream as Readable & { truncated?: boolean }).truncated === true;
  const exceeded = meter.exceeded ?? (truncated ? fileTooLarge() : null);
  if (exceeded) {
    await storage.delete(key);
    throw exceeded;
  }
  const imageType = rasterImageType(meter.head);
  return {
    storageKey: key,
    originalName: cleanFileName(file.filename),
    size: meter.size,
    contentType: imageType ?? OCTET_STREAM,
    isImage: imageType !== null,
  };
}

/** Removes files stored during a request that then failed, so nothing is left half-written. */
export async function discardUploads(storage: FileStorage, uploads: readonly StoredUpload[]) {
  await Promise.all(
    uploads.map((upload) => storage.delete(upload.storageKey).catch(() => undefined)),
  );
}

/** The multipart reader's file-size error as our 413; anything else unchanged. */
export function fileSizeError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  return code === 'FST_REQ_FILE_TOO_LARGE' ? fileTooLarge() : error;
}
