import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import type { Announcement } from '@teamup/contracts/board';
import { Limits } from '@teamup/contracts/limits';
import { useConfirmAction } from '../../../components/confirm-action';
import { Pagination } from '../../../components/pagination';
import { boardKo } from '../../../i18n/ko/board';
import { useAnnouncements } from '../api/announcements';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { boardErrorMessage } from '../lib/board-errors';
import { clampPage, pageAfterRemoval } from '../lib/paging';
import { AnnouncementFormModal } from './announcement-form-modal';
import { AnnouncementItem } from './announcement-item';
import { EmptyState, ListSkeleton, LoadError } from './board-states';

interface AnnouncementsTabProps {
  workspaceId: number;
  teamId: number;
  /** The signed-in user: edit and delete are shown on their own announcements only. */
  userId: number | undefined;
  /** Whether they may post one (the team may keep that to its leader). */
  mayPost: boolean;
}

/** The announcements tab (spec 02 section 2): a paged list of 5, create, edit and delete. */
export function AnnouncementsTab({ workspaceId, teamId, userId, mayPost }: AnnouncementsTabProps) {
  const [page, setPage] = useState(0);
  const [formOpened, setFormOpened] = useState(false);
  // Kept while the form closes, so its heading does not change during the transition.
  const [editing, setEditing] = useState<Announcement | null>(null);
  const list = useAnnouncements({ workspaceId, teamId, page });
  const remove = useDeleteAnnouncement();
  const { confirm, confirmElement } = useConfirmAction();

  // The list shrank elsewhere and this page is gone: show the last one there is.
  if (list.data && !list.isPlaceholderData && page > 0 && list.data.announcements.length === 0) {
    const last = clampPage(page, list.data.totalPages);
    if (last !== page) setPage(last);
  }

  const handleDelete = (announcement: Announcement, itemsOnPage: number) => {
    confirm({
      title: boardKo.announcements.deleteTitle,
      message: boardKo.announcements.deleteConfirm(announcement.title),
      confirmLabel: boardKo.delete,
      onConfirm: () =>
        remove.mutate(
          { workspaceId, teamId, announcementId: announcement.id },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: boardKo.announcements.deleted });
              setPage((current) => pageAfterRemoval(current, itemsOnPage));
            },
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: boardErrorMessage(error, boardKo.announcements.deleteFailed),
              }),
          },
        ),
    });
  };

  // Someone the team does not let post reads why instead of a button the server would refuse.
  const createButton = !mayPost ? (
    <Text size="sm" c="dimmed" data-testid="announcement-leader-only">
      {boardKo.announcements.leaderOnly}
    </Text>
  ) : (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => {
        setEditing(null);
        setFormOpened(true);
      }}
      data-testid="announcement-create-button"
    >
      {boardKo.announcements.create}
    </Button>
  );

  const renderBody = () => {
    if (list.isPending) return <ListSkeleton rows={3} testId="announcements-loading" />;
    if (list.isError) {
      return (
        <LoadError
          message={boardKo.announcements.loadFailed}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
          testId="announcements-error"
        />
      );
    }
    const { announcements, totalElements } = list.data;
    if (totalElements === 0) {
      return (
        <EmptyState
          icon={IconSpeakerphone}
          title={boardKo.announcements.empty}
          hint={mayPost ? boardKo.announcements.emptyHint : boardKo.announcements.emptyHintRead}
          testId="announcements-empty"
        />
      );
    }
    return (
      <Stack gap="sm">
        <Stack
          gap="sm"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none', opacity: list.isPlaceholderData ? 0.6 : 1 }}
          aria-label={boardKo.announcements.listLabel}
          aria-busy={list.isPlaceholderData}
        >
          {announcements.map((announcement) => (
            <li key={announcement.id}>
              <AnnouncementItem
                announcement={announcement}
                isAuthor={userId !== undefined && announcement.accountId === userId}
                onEdit={() => {
                  setEditing(announcement);
                  setFormOpened(true);
                }}
                onDelete={() => handleDelete(announcement, announcements.length)}
                deleting={remove.isPending && remove.variables.announcementId === announcement.id}
              />
            </li>
          ))}
        </Stack>
        <Pagination
          page={page}
          pageSize={Limits.announcementPageSize}
          totalElements={totalElements}
          onChange={setPage}
          disabled={list.isPlaceholderData}
        />
      </Stack>
    );
  };

  return (
    <Stack gap="md" data-testid="team-panel-announcements">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="h4">
          {boardKo.announcements.heading}
        </Title>
        {createButton}
      </Group>
      {renderBody()}
      <AnnouncementFormModal
        workspaceId={workspaceId}
        teamId={teamId}
        opened={formOpened}
        editing={editing}
        onClose={() => setFormOpened(false)}
        onCreated={() => setPage(0)}
      />
      {confirmElement}
    </Stack>
  );
}
