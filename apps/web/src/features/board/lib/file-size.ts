import { ko } from '../../../i18n/ko';

const KB = 1024;
const MB = 1024 * 1024;

/** A human file size: 512B, 3.4KB, 12.5MB (one decimal, trailing .0 dropped). */
export function formatFileSize(bytes: number): string {
  const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);
  if (bytes < KB) return ko.board.fileSize.bytes(Math.max(0, bytes));
  if (bytes < MB) return ko.board.fileSize.kilobytes(oneDecimal(bytes / KB));
  return ko.board.fileSize.megabytes(oneDecimal(bytes / MB));
}
