import { useState } from 'react';
import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarShare, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { CalendarFeedIssued } from '@teamup/contracts/calendar-feed';
import { ErrorAlert } from '../../../components/error-alert';
import { SecretShownOnce } from '../../../components/secret-shown-once';
import { calendarFeedKo } from '../../../i18n/ko/calendar-feed';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import {
  useCalendarFeedStatus,
  useIssueCalendarFeed,
  useRevokeCalendarFeed,
} from '../api/calendar-feed';

const t = calendarFeedKo;

/** The URL just made: shown this once (the server keeps only its hash), to copy or open. */
function IssuedUrl({ issued }: { issued: CalendarFeedIssued }) {
  return (
    <SecretShownOnce
      notice={t.shownOnce}
      label={t.urlLabel}
      value={issued.url}
      copyLabel={t.copy}
      copiedLabel={t.copied}
      actions={
        <Anchor href={issued.webcalUrl} size="sm">
          {t.openInApp}
        </Anchor>
      }
      testIds={{ box: 'calendar-feed-issued', value: 'calendar-feed-url' }}
    />
  );
}

/** 계정 설정 › 캘린더 구독: make, copy, reissue and revoke the personal ICS feed URL. */
export function CalendarFeedSettings() {
  const status = useCalendarFeedStatus();
  const issue = useIssueCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [issued, setIssued] = useState<CalendarFeedIssued | null>(null);
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: errorMessage(error, { fallback: t.actionFailed }),
    });

  const handleIssue = () =>
    issue.mutate(undefined, { onSuccess: (made) => setIssued(made), onError: failed });
  const handleRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setIssued(null);
        notifications.show({ color: 'teal', message: t.revoked });
      },
      onError: failed,
    });

  if (status.isPending) return <Loader size="sm" />;
  if (status.isError)
    return <ErrorAlert message={errorMessage(status.error, { fallback: t.loadFailed })} />;
  const { active, createdAt } = status.data;
  return (
    <Stack gap="sm" data-testid="calendar-feed-settings">
      <Text size="sm">{t.hint}</Text>
      <Text size="sm" c="dimmed">
        {t.secretWarning}
      </Text>
      <Text size="sm" fw={600} data-testid="calendar-feed-status">
        {active && createdAt ? t.active(formatDate(createdAt)) : t.none}
      </Text>
      {issued && <IssuedUrl issued={issued} />}
      <Group gap="xs">
        {active ? (
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={handleIssue}
              loading={issue.isPending}
              title={t.reissueHint}
              data-testid="calendar-feed-reissue"
            >
              {t.reissue}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={handleRevoke}
              loading={revoke.isPending}
              data-testid="calendar-feed-revoke"
            >
              {t.revoke}
            </Button>
          </>
        ) : (
          <Button
            leftSection={<IconCalendarShare size={16} />}
            onClick={handleIssue}
            loading={issue.isPending}
            data-testid="calendar-feed-create"
          >
            {t.create}
          </Button>
        )}
      </Group>
      {active && (
        <Text size="xs" c="dimmed">
          {t.reissueHint}
        </Text>
      )}
    </Stack>
  );
}
