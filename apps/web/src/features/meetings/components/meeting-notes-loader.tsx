import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { meetingsKo } from '../../../i18n/ko/meetings';
import { errorMessage } from '../../../lib/error-message';
import { useMeeting } from '../api/meetings-api';
import { MeetingNotesView } from './meeting-notes-view';

const t = meetingsKo;

/** How often an open notes page asks for the attendance and others' saves again. */
export const MEETING_POLL_MS = 10_000;

/** Loads a meeting and shows its notes, with loading and error states. */
export function MeetingNotesLoader({
  sessionId,
  minRows,
}: {
  sessionId: number;
  minRows?: number;
}) {
  const meeting = useMeeting(sessionId, MEETING_POLL_MS);
  if (meeting.isPending) {
    return (
      <Center p="lg">
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text c="dimmed" size="sm">
            {t.loading}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (meeting.isError) {
    return (
      <Alert color="red" role="alert" title={t.failed}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(meeting.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void meeting.refetch()}>
            {t.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <MeetingNotesView
      key={meeting.data.session.id}
      detail={meeting.data}
      refetch={async () => (await meeting.refetch()).data}
      {...(minRows === undefined ? {} : { minRows })}
    />
  );
}
