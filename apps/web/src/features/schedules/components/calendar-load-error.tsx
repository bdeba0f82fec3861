import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { calendarKo } from '../../../i18n/ko/calendar';

interface CalendarLoadErrorProps {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}

/** The spec's load failure ('일정을 불러오는데 실패했습니다') with a retry button. */
export function CalendarLoadError({ message, onRetry, retrying }: CalendarLoadErrorProps) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      role="alert"
      data-testid="calendar-error"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
          {calendarKo.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
