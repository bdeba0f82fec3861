import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface TeamStateMessageProps {
  title: string;
  hint?: string;
  /** A link or button to move on. */
  action?: ReactNode;
  testId: string;
}

/** A centred message for a team page that cannot show its team. */
export function TeamStateMessage({ title, hint, action, testId }: TeamStateMessageProps) {
  return (
    <Center py="xl">
      <Paper withBorder radius="lg" p="xl" maw={480} w="100%" data-testid={testId}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={52} radius="xl" variant="light" color="orange" aria-hidden>
            <IconAlertTriangle size={28} />
          </ThemeIcon>
          <Title order={1} fz="h4" role="alert" style={{ textWrap: 'balance' }}>
            {title}
          </Title>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
          {action}
        </Stack>
      </Paper>
    </Center>
  );
}
