import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { badRequest } from '../errors/app-error';
import { assertAcceptableText } from './validation';

export type UploadedFile = { stream: Readable; filename: string };

/**
 * The one uploaded file of a multipart request (field `file`, or one of `fieldNames`). The
 * limit is one byte over `maxBytes` so the reader can tell "exactly at the limit" from "over it".
 */
export async function singleFileField(
  request: FastifyRequest,
  maxBytes: number,
  options: { missingMessage?: string; fieldNames?: readonly string[] } = {},
): Promise<UploadedFile> {
  const missing = () =>
    badRequest(
      ErrorCode.VALIDATION_FAILED,
      options.missingMessage ?? '이미지 파일을 선택해주세요.',
    );
  if (!request.isMultipart()) throw missing();
  const file = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
  if (!file || !(options.fieldNames ?? ['file']).includes(file.fieldname)) throw missing();
  try {
    assertAcceptableText(file.filename, 'file');
  } catch (error) {
    file.file.resume();
    throw error;
  }
  return { stream: file.file, filename: file.filename };
}

/**
 * A multipart form of text fields and up to `maxFiles` files (each a `file` part), each file
 * handed to `store` as it arrives, so the text may come before or after them. One file more
 * fails with `tooMany()`. If anything fails, `discard` gets back every file already stored:
 * nothing is left behind. `store` receives what the files before it stored (for a total limit).
 */
export async function readFieldsAndFiles<Stored>(
  request: FastifyRequest,
  options: {
    maxFiles: number;
    maxFileBytes: number;
    maxFieldBytes: number;
    store: (file: UploadedFile, before: readonly Stored[]) => Promise<Stored>;
    discard: (stored: readonly Stored[]) => Promise<void>;
    tooMany: () => Error;
  },
): Promise<{ fields: Record<string, string>; stored: Stored[] }> {
  if (!request.isMultipart()) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, 'multipart/form-data 요청이어야 합니다.');
  }
  const fields: Record<string, string> = {};
  const stored: Stored[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxFileBytes + 1,
        // One more than allowed, so the extra one is seen and refused with our own answer.
        files: options.maxFiles + 1,
        fields: 10,
        fieldSize: options.maxFieldBytes,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname !== 'file') {
        part.file.resume();
      } else if (stored.length >= options.maxFiles) {
        part.file.resume();
        throw options.tooMany();
      } else {
        assertAcceptableText(part.filename, 'file');
        stored.push(await options.store({ stream: part.file, filename: part.filename }, stored));
      }
    }
    assertAcceptableText(fields);
  } catch (error) {
    if (stored.length > 0) await options.discard(stored);
    const code = (error as { code?: string } | null)?.code;
    throw code === 'FST_FILES_LIMIT' ? options.tooMany() : error;
  }
  return { fields, stored };
}
