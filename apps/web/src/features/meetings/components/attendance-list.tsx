import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { MeetingAttendee } from '@teamup/contracts/meetings';
import { meetingsKo } from '../../../i18n/ko/meetings';
import { meetingTime } from '../lib/dates';

const t = meetingsKo;

/** Who attended, with their minutes and each join and leave (computed from the stays). */
export function AttendanceList({ attendance }: { attendance: MeetingAttendee[] }) {
  return (
    <Paper withBorder p="sm" data-testid="meeting-attendance">
      <Title order={2} size="h5" mb="xs">
        {t.attendance} ({attendance.length})
      </Title>
      {attendance.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t.noAttendance}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {attendance.map((person) => (
            <li key={person.userId} data-testid="meeting-attendee">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {person.name}
                </Text>
                <Badge variant="light">{t.minutes(person.minutes)}</Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {person.stays
                  .map((stay) =>
                    t.stay(meetingTime(stay.joinedAt), stay.leftAt && meetingTime(stay.leftAt)),
                  )
                  .join(', ')}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
