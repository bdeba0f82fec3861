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
 * A multipart form of text fields and at most one file (field `file`), the file handed to
 * `store` as it arrives, so the text may come before or after it. A second file is refused.
 * If anything fails after the file was stored, `discard` gets it back: nothing is left behind.
 */
export async function readFieldsAndFile<Stored>(
  request: FastifyRequest,
  options: {
    maxFileBytes: number;
    maxFieldBytes: number;
    store: (file: UploadedFile) => Promise<Stored>;
    discard: (stored: Stored) => Promise<void>;
  },
): Promise<{ fields: Record<string, string>; stored: Stored | null }> {
  if (!request.isMultipart()) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, 'multipart/form-data 요청이어야 합니다.');
  }
  const fields: Record<string, string> = {};
  let stored: Stored | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxFileBytes + 1,
        files: 1,
        fields: 10,
        fieldSize: options.maxFieldBytes,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (part.fieldname !== 'file') {
        part.file.resume();
      } else {
        assertAcceptableText(part.filename, 'file');
        stored = await options.store({ stream: part.file, filename: part.filename });
      }
    }
    assertAcceptableText(fields);
  } catch (error) {
    if (stored !== null) await options.discard(stored);
    throw error;
  }
  return { fields, stored };
}
