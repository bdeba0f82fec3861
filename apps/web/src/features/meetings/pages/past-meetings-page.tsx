import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { pathOf } from '@teamup/contracts/endpoint';
import { videoEndpoints, type VideoChannel } from '@teamup/contracts/video';
import { routes } from '../../../config/paths';
import { meetingsKo } from '../../../i18n/ko/meetings';
import { api } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage } from '../../../lib/error-message';
import { useChannelMeetings } from '../api/meetings-api';
import { meetingDate, meetingTime } from '../lib/dates';

const t = meetingsKo;

const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/** /ws/{ws}/video/{channel}/meetings: "지난 회의", each with its date, length, attendees, notes. */
export function PastMeetingsPage() {
  const params = useParams();
  const workspaceId = idOf(params['workspaceId']);
  const channelId = idOf(params['channelId']);
  const channel = useQuery({
    queryKey: ['video', 'channel', workspaceId, channelId],
    queryFn: ({ signal }) =>
      api.get<VideoChannel>(pathOf(videoEndpoints.getChannel, { workspaceId, channelId }), {
        signal,
      }),
  });
  const meetings = useChannelMeetings(workspaceId, channelId);
  const name = channel.data?.name ?? '';
  useDocumentTitle([t.pastTitle(name)]);

  return (
    <Stack gap="sm" p={{ base: 'xs', sm: 'md' }} maw={820} data-testid="past-meetings-page">
      <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {t.pastTitle(name)}
      </Title>
      {channel.data && (
        <Text size="sm" c="dimmed">
          {channel.data.teamName ? t.team(channel.data.teamName) : t.workspaceRoom}
        </Text>
      )}
      {meetings.isPending ? (
        <Center p="lg">
          <Loader size="sm" />
        </Center>
      ) : meetings.isError ? (
        <Alert color="red" role="alert" title={t.failed}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(meetings.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void meetings.refetch()}>
              {t.retry}
            </Button>
          </Stack>
        </Alert>
      ) : meetings.data.length === 0 ? (
        <Text c="dimmed">{t.noMeetings}</Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {meetings.data.map((meeting) => {
            const date = meetingDate(meeting.startedAt);
            return (
              <Paper component="li" withBorder p="sm" key={meeting.id} data-testid="past-meeting">
                <Group justify="space-between" gap="xs">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      fw={600}
                      to={routes.meetingNotes.href(workspaceId, channelId, meeting.id)}
                      aria-label={t.openNotesOf(date)}
                    >
                      {date}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {meetingTime(meeting.startedAt)} ~{' '}
                      {meeting.endedAt ? meetingTime(meeting.endedAt) : t.ongoing}
                    </Text>
                  </Stack>
                  <Group gap={6}>
                    {meeting.endedAt === null && <Badge color="green">{t.ongoing}</Badge>}
                    <Badge variant="light">{t.minutes(meeting.minutes)}</Badge>
                    <Badge variant="light" color="gray">
                      {t.attendees(meeting.attendeeCount)}
                    </Badge>
                    <Badge variant="outline" color={meeting.hasNotes ? 'teal' : 'gray'}>
                      {meeting.hasNotes ? t.hasNotes : t.noNotes}
                    </Badge>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
