import { ChatMessages } from '@teamup/contracts/chat';
import { FileMessages, Limits } from '@teamup/contracts/limits';
import { chatKo } from '../../../i18n/ko/chat';

/**
 * The files a message will carry after `added` are picked beside `current`, in order: each new
 * one is taken while it fits the server's rules (each at most Limits.attachmentMaxBytes, at most
 * Limits.chatFilesPerMessage, Limits.chatMessageFilesMaxBytes in all); the first one refused
 * names the reason, shown under the input.
 */
export function acceptFiles(
  current: readonly File[],
  added: readonly File[],
): { accepted: File[]; refusal: string | null } {
  const accepted = [...current];
  let total = current.reduce((sum, file) => sum + file.size, 0);
  let refusal: string | null = null;
  for (const file of added) {
    let reason: string | null = null;
    if (accepted.length >= Limits.chatFilesPerMessage) reason = ChatMessages.tooManyFiles;
    else if (file.size > Limits.attachmentMaxBytes) reason = FileMessages.fileTooLarge;
    else if (total + file.size > Limits.chatMessageFilesMaxBytes)
      reason = ChatMessages.filesTooLarge;
    if (reason) {
      refusal ??= reason;
      continue;
    }
    accepted.push(file);
    total += file.size;
  }
  return { accepted, refusal };
}

/** The name browsers give a pasted screenshot (or none): it says nothing, so it is replaced. */
const GENERIC_NAME = /^(?:image|blob|clipboard)?(?:\.\w+)?$/i;

/**
 * The files of a paste (a screenshot, or files copied in a file manager). An image without a
 * name of its own is called `붙여넣은 이미지.<type>`.
 */
export function pastedFiles(data: Pick<DataTransfer, 'files' | 'items'> | null): File[] {
  if (!data) return [];
  let files = Array.from(data.files ?? []);
  if (files.length === 0) {
    files = Array.from(data.items ?? [])
      .filter((item) => item.kind === 'file')
      .flatMap((item) => {
        const file = item.getAsFile();
        return file ? [file] : [];
      });
  }
  return files.map((file) => {
    if (!file.type.startsWith('image/') || !GENERIC_NAME.test(file.name)) return file;
    const subtype = /^[a-z0-9]+/i.exec(file.type.slice('image/'.length))?.[0] ?? '';
    const extension = subtype === 'jpeg' ? 'jpg' : subtype;
    return new File([file], chatKo.attachment.pastedImageName(extension || 'png'), {
      type: file.type,
      lastModified: file.lastModified,
    });
  });
}
