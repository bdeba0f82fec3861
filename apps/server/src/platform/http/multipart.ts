import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { badRequest } from '../errors/app-error';

/**
 * The stream of the one multipart field `file` of an upload request. The limit is one byte over
 * `maxBytes` so the reader can tell "exactly at the limit" from "over it".
 */
export async function singleFileField(
  request: FastifyRequest,
  maxBytes: number,
): Promise<Readable> {
  const missing = () => badRequest(ErrorCode.VALIDATION_FAILED, '이미지 파일을 선택해주세요.');
  if (!request.isMultipart()) throw missing();
  const file = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
  if (!file || file.fieldname !== 'file') throw missing();
  return file.file;
}
