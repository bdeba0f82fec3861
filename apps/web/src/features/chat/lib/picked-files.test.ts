import { describe, expect, it } from 'vitest';
import { ChatMessages } from '@teamup/contracts/chat';
import { FileMessages, Limits } from '@teamup/contracts/limits';
import { acceptFiles, pastedFiles } from './picked-files';

/** A file that says it has `size` bytes without holding them. */
function sized(name: string, size: number, type = 'application/octet-stream'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('acceptFiles', () => {
  it('adds files in order after the ones already picked', () => {
    const a = sized('a.txt', 10);
    const b = sized('b.txt', 20);
    const c = sized('c.txt', 30);
    expect(acceptFiles([a], [b, c])).toEqual({ accepted: [a, b, c], refusal: null });
  });

  it('stops at the most files a message may carry, naming why', () => {
    const picked = Array.from({ length: Limits.chatFilesPerMessage - 1 }, (_, i) =>
      sized(`${i}.txt`, 1),
    );
    const last = sized('last.txt', 1);
    const extra = sized('extra.txt', 1);
    const result = acceptFiles(picked, [last, extra]);
    expect(result.accepted).toHaveLength(Limits.chatFilesPerMessage);
    expect(result.accepted.at(-1)).toBe(last);
    expect(result.refusal).toBe(ChatMessages.tooManyFiles);
  });

  it('leaves out a file over the size limit and keeps the others', () => {
    const big = sized('big.bin', Limits.attachmentMaxBytes + 1);
    const small = sized('small.txt', 5);
    expect(acceptFiles([], [big, small])).toEqual({
      accepted: [small],
      refusal: FileMessages.fileTooLarge,
    });
  });

  it('keeps the message’s files within their total', () => {
    const each = Limits.attachmentMaxBytes;
    const fit = Math.floor(Limits.chatMessageFilesMaxBytes / each);
    const files = Array.from({ length: fit + 1 }, (_, i) => sized(`${i}.bin`, each));
    const result = acceptFiles([], files);
    expect(result.accepted).toHaveLength(fit);
    expect(result.refusal).toBe(ChatMessages.filesTooLarge);
  });
});

describe('pastedFiles', () => {
  const clipboard = (files: File[]) =>
    ({ files, items: [] }) as unknown as Pick<DataTransfer, 'files' | 'items'>;

  it('names a pasted screenshot 붙여넣은 이미지 with its type', () => {
    const [png] = pastedFiles(clipboard([new File(['p'], 'image.png', { type: 'image/png' })]));
    expect(png?.name).toBe('붙여넣은 이미지.png');
    expect(png?.type).toBe('image/png');
    const [jpeg] = pastedFiles(clipboard([new File(['j'], '', { type: 'image/jpeg' })]));
    expect(jpeg?.name).toBe('붙여넣은 이미지.jpg');
  });

  it('keeps the name of a copied file, and of an image that has one', () => {
    const report = new File(['r'], '보고서.pdf', { type: 'application/pdf' });
    const photo = new File(['p'], '여행 사진.png', { type: 'image/png' });
    expect(pastedFiles(clipboard([report, photo]))).toEqual([report, photo]);
  });

  it('reads the clipboard’s items when it lists no files, and nothing from text', () => {
    const png = new File(['p'], 'image.png', { type: 'image/png' });
    const data = {
      files: [],
      items: [
        { kind: 'string', getAsFile: () => null },
        { kind: 'file', getAsFile: () => png },
      ],
    } as unknown as Pick<DataTransfer, 'files' | 'items'>;
    expect(pastedFiles(data).map((file) => file.name)).toEqual(['붙여넣은 이미지.png']);
    expect(pastedFiles(clipboard([]))).toEqual([]);
    expect(pastedFiles(null)).toEqual([]);
  });
});
