import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../storage/uploads';

/** Streams a stored file with the headers that keep a browser from running it. */
export function sendStoredFile(
  reply: FastifyReply,
  file: {
    attachment: { originalName: string; contentType: string; size: number };
    stream: NodeJS.ReadableStream;
  },
  disposition: 'attachment' | 'inline',
) {
  return reply
    .type(file.attachment.contentType)
    .header('Content-Length', String(file.attachment.size))
    .header('Content-Disposition', contentDisposition(disposition, file.attachment.originalName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-cache')
    .send(file.stream);
}
