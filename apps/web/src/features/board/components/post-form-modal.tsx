import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import type { Post } from '@teamup/contracts/board';
import { boardKo } from '../../../i18n/ko/board';
import { useCreatePost } from '../api/create-post';
import { useUpdatePost } from '../api/update-post';
import { boardErrorMessage } from '../lib/board-errors';
import { boardTextBody, type BoardTextValues } from '../lib/board-text';
import { checkPostFiles } from '../lib/file-limits';
import { BoardTextModal } from './board-text-modal';
import { FileDropField } from './file-drop-field';

interface PostFormModalProps {
  teamId: number;
  boardId: number;
  opened: boolean;
  /** The post to edit (title and content only); null for a new post with files. */
  editing: Post | null;
  onClose: () => void;
  onCreated?: (post: Post) => void;
}

/** Writes a new post (title, content, files) or edits one (title, content). */
export function PostFormModal({
  teamId,
  boardId,
  opened,
  editing,
  onClose,
  onCreated,
}: PostFormModalProps) {
  const create = useCreatePost();
  const update = useUpdatePost();
  const [files, setFiles] = useState<File[]>([]);
  const mutation = editing ? update : create;

  const handleClose = () => {
    create.reset();
    update.reset();
    setFiles([]);
    onClose();
  };

  const handleSubmit = (values: BoardTextValues) => {
    const fields = boardTextBody(values);
    if (editing) {
      update.mutate(
        { postId: editing.id, body: fields },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: boardKo.posts.updated });
            handleClose();
          },
        },
      );
      return;
    }
    create.mutate(
      { teamId, boardId, fields, files },
      {
        onSuccess: (post) => {
          notifications.show({ color: 'teal', message: boardKo.posts.created });
          onCreated?.(post);
          handleClose();
        },
      },
    );
  };

  const failure = mutation.error
    ? boardErrorMessage(
        mutation.error,
        editing ? boardKo.posts.updateFailed : boardKo.posts.createFailed,
      )
    : null;

  return (
    <BoardTextModal
      opened={opened}
      onClose={handleClose}
      heading={editing ? boardKo.posts.editTitle : boardKo.posts.createTitle}
      testIdPrefix="post"
      initialValues={editing ? { title: editing.title, content: editing.content } : undefined}
      submitLabel={editing ? boardKo.save : boardKo.posts.submit}
      pending={mutation.isPending}
      failure={failure}
      onSubmit={handleSubmit}
      extraCheck={editing ? undefined : () => checkPostFiles(files)}
      pendingText={!editing && files.length > 0 ? boardKo.posts.uploading : undefined}
    >
      {!editing && <FileDropField files={files} onChange={setFiles} disabled={create.isPending} />}
    </BoardTextModal>
  );
}
