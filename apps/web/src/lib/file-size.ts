import { ko } from '../i18n/ko';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

const oneDecimal = (value: number) => value.toLocaleString('ko-KR', { maximumFractionDigits: 1 });

/**
 * The one file size of the app (chat, board, files): "31.2 KB" under a megabyte (the chat
 * preview's KB of spec 02; never "0 KB" for a file that has bytes), then "12.5 MB", "1.2 GB".
 */
export function formatFileSize(bytes: number): string {
  if (bytes < MB) {
    return ko.fileSize.kilobytes(oneDecimal(bytes > 0 ? Math.max(bytes / KB, 0.1) : 0));
  }
  if (bytes < GB) return ko.fileSize.megabytes(oneDecimal(bytes / MB));
  return ko.fileSize.gigabytes(oneDecimal(bytes / GB));
}
