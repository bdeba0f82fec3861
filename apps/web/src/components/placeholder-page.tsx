import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { routes } from '../app/routes';
import { ko } from '../i18n/ko';

/** Stands in for a screen of a later feature: says clearly that it is not there yet. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Center py="xl">
      <Paper withBorder radius="lg" p="xl" maw={480} w="100%">
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconTools size={30} />
          </ThemeIcon>
          <Title order={2} fz="h3">
            {title}
          </Title>
          <Text fw={600}>{ko.placeholder.notReady}</Text>
          <Text c="dimmed" size="sm">
            {ko.placeholder.description}
          </Text>
          <Button component={Link} to={routes.myPage.href()} variant="light" mt="sm">
            {ko.layout.myPage}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
