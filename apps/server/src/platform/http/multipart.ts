import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { badRequest } from '../errors/app-error';

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
  return { stream: file.file, filename: file.filename };
}
