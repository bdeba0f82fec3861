import { Anchor, Drawer, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { routes } from '../../../config/paths';
import { meetingsKo } from '../../../i18n/ko/meetings';
import { useChannelMeetings } from '../api/meetings-api';
import { MeetingNotesLoader, MEETING_POLL_MS } from './meeting-notes-loader';

const t = meetingsKo;

interface MeetingNotesPanelProps {
  opened: boolean;
  onClose: () => void;
  workspaceId: number;
  channelId: number;
}

/**
 * The live meeting's notes (회의록): a side drawer on a wide screen, a full screen sheet on a
 * phone. It opens the meeting going on in the channel.
 */
export function MeetingNotesPanel({
  opened,
  onClose,
  workspaceId,
  channelId,
}: MeetingNotesPanelProps) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const meetings = useChannelMeetings(workspaceId, channelId, opened ? MEETING_POLL_MS : undefined);
  const current = meetings.data?.find((m) => m.endedAt === null);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'lg'}
      title={t.notes}
      closeButtonProps={{ 'aria-label': t.close }}
      data-testid="meeting-notes-panel"
    >
      {meetings.isError ? (
        <Text c="red" size="sm" role="alert">
          {t.failed}
        </Text>
      ) : meetings.isPending ? (
        <Text c="dimmed" size="sm">
          {t.loading}
        </Text>
      ) : current ? (
        <MeetingNotesLoader sessionId={current.id} minRows={8} />
      ) : (
        <Text c="dimmed" size="sm">
          {t.noOpenMeeting}
        </Text>
      )}
      <Anchor
        component={Link}
        to={routes.meetings.href(workspaceId, channelId)}
        size="sm"
        mt="md"
        display="block"
      >
        {t.pastMeetings}
      </Anchor>
    </Drawer>
  );
}
