import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { routes } from '../../../config/paths';
import { meetingsKo } from '../../../i18n/ko/meetings';
import { useDocumentTitle } from '../../../lib/document-title';
import { useMeeting } from '../api/meetings-api';
import { MeetingNotesLoader } from '../components/meeting-notes-loader';
import { meetingDate, meetingTime } from '../lib/dates';

const t = meetingsKo;

const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/** /ws/{ws}/video/{channel}/meetings/{session}: a meeting's notes, written during or after it. */
export function MeetingNotesPage() {
  const params = useParams();
  const workspaceId = idOf(params['workspaceId']);
  const channelId = idOf(params['channelId']);
  const sessionId = idOf(params['sessionId']);
  // The same query the notes below use: the header reads it without asking twice.
  const meeting = useMeeting(sessionId);
  const session = meeting.data?.session;
  const date = session ? meetingDate(session.startedAt) : '';
  useDocumentTitle([session ? t.notesTitle(session.channelName, date) : t.notes]);

  return (
    <Stack gap="sm" p={{ base: 'xs', sm: 'md' }} maw={820} data-testid="meeting-notes-page">
      <Anchor component={Link} size="sm" to={routes.meetings.href(workspaceId, channelId)}>
        {t.pastMeetings}
      </Anchor>
      <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {session ? t.notesTitle(session.channelName, date) : t.notes}
      </Title>
      {session && (
        <Text size="sm" c="dimmed">
          {session.teamName ? t.team(session.teamName) : t.workspaceRoom} ·{' '}
          {meetingTime(session.startedAt)} ~{' '}
          {session.endedAt ? meetingTime(session.endedAt) : t.ongoing} ·{' '}
          {t.minutes(session.minutes)}
        </Text>
      )}
      <MeetingNotesLoader sessionId={sessionId} />
    </Stack>
  );
}
