import { BoardMessages as M } from '@teamup/contracts/board';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors/app-error';
import type { FileStorage } from '../../platform/storage/file-storage';
import { assertAcceptableText } from '../../platform/http/validation';
import {
  discardUploads,
  fileSizeError,
  storeUpload,
  type StoredUpload,
} from '../../platform/storage/uploads';

/** Where post attachments are kept in storage. */
const ATTACHMENT_KEY_PREFIX = 'attachments';

const postFilesTooLarge = () => new AppError(413, ErrorCode.POST_FILES_TOO_LARGE, M.filesTooLarge);

/** The multipart reader's own limit errors, as our problems. */
export function uploadError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return badRequest(ErrorCode.POST_FILES_TOO_MANY, M.tooManyFiles);
  return fileSizeError(error);
}

/** Stores one file of a post, `bytesLeft` being what the post's total still allows. */
export function storePostFile(
  storage: FileStorage,
  file: Parameters<typeof storeUpload>[1],
  bytesLeft: number,
): Promise<StoredUpload> {
  return storeUpload(storage, file, {
    keyPrefix: ATTACHMENT_KEY_PREFIX,
    total: { bytesLeft, exceeded: postFilesTooLarge },
  });
}

const isFilePart = (name: string) => name === 'files' || name === 'file' || name === 'files[]';

/**
 * Reads a post's multipart body: its text fields, and every file streamed to storage as it
 * arrives (the per-file, per-post count and per-post size limits checked on the way). On any
 * failure the files already stored are removed.
 */
export async function readPostUpload(storage: FileStorage, request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const uploads: StoredUpload[] = [];
  let bytes = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: Limits.attachmentMaxBytes + 1,
        files: Limits.attachmentsPerPost + 1,
        fields: 10,
        fieldSize: Limits.contentMax * 4,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (!isFilePart(part.fieldname)) {
        part.file.resume();
        continue;
      }
      if (uploads.length >= Limits.attachmentsPerPost) {
        part.file.resume();
        throw badRequest(ErrorCode.POST_FILES_TOO_MANY, M.tooManyFiles);
      }
      assertAcceptableText(part.filename, 'files');
      const upload = await storePostFile(
        storage,
        { stream: part.file, filename: part.filename },
        Limits.postFilesMaxBytes - bytes,
      );
      uploads.push(upload);
      bytes += upload.size;
    }
    assertAcceptableText(fields);
  } catch (error) {
    await discardUploads(storage, uploads);
    throw uploadError(error);
  }
  return { fields, uploads };
}
