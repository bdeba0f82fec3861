import { notifications } from '@mantine/notifications';
import type { Announcement } from '@teamup/contracts/board';
import { boardKo } from '../../../i18n/ko/board';
import { useCreateAnnouncement } from '../api/create-announcement';
import { useUpdateAnnouncement } from '../api/update-announcement';
import { boardErrorMessage } from '../lib/board-errors';
import { boardTextBody, type BoardTextValues } from '../lib/board-text';
import { BoardTextModal } from './board-text-modal';

interface AnnouncementFormModalProps {
  workspaceId: number;
  teamId: number;
  opened: boolean;
  /** The announcement to edit; null for a new one. */
  editing: Announcement | null;
  onClose: () => void;
  onCreated: (announcement: Announcement) => void;
}

/** Creates or edits an announcement (title and content, both required). */
export function AnnouncementFormModal({
  workspaceId,
  teamId,
  opened,
  editing,
  onClose,
  onCreated,
}: AnnouncementFormModalProps) {
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const mutation = editing ? update : create;

  const handleClose = () => {
    create.reset();
    update.reset();
    onClose();
  };

  const handleSubmit = (values: BoardTextValues) => {
    const body = boardTextBody(values);
    if (editing) {
      update.mutate(
        { workspaceId, announcementId: editing.id, body },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: boardKo.announcements.updated });
            handleClose();
          },
        },
      );
      return;
    }
    create.mutate(
      { workspaceId, body: { teamId, ...body } },
      {
        onSuccess: (announcement) => {
          notifications.show({ color: 'teal', message: boardKo.announcements.created });
          onCreated(announcement);
          handleClose();
        },
      },
    );
  };

  const failure = mutation.error
    ? boardErrorMessage(
        mutation.error,
        editing ? boardKo.announcements.updateFailed : boardKo.announcements.createFailed,
      )
    : null;

  return (
    <BoardTextModal
      opened={opened}
      onClose={handleClose}
      heading={editing ? boardKo.announcements.editTitle : boardKo.announcements.createTitle}
      testIdPrefix="announcement"
      initialValues={editing ? { title: editing.title, content: editing.content } : undefined}
      submitLabel={editing ? boardKo.save : boardKo.announcements.submit}
      pending={mutation.isPending}
      failure={failure}
      onSubmit={handleSubmit}
    />
  );
}
