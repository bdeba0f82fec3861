import { useState } from 'react';
import { acceptFiles } from '../lib/picked-files';

/**
 * The files the message being written will carry, and why the last one added was refused (shown
 * under the input until the next change). An edit carries no files: nothing is added meanwhile.
 */
export function useComposerFiles({ editing, onAdded }: { editing: boolean; onAdded: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);

  const attach = (added: readonly File[]) => {
    if (added.length === 0 || editing) return;
    const { accepted, refusal } = acceptFiles(files, added);
    setFileError(refusal);
    setFiles(accepted);
    onAdded();
  };

  const remove = (index: number) => {
    setFiles((all) => all.filter((_, at) => at !== index));
    setFileError(null);
  };

  /** Empties the list as the message is sent. */
  const clear = () => {
    setFiles([]);
    setFileError(null);
  };

  return { files, fileError, attach, remove, clear };
}
