import {
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconDice5, IconHandFinger, IconListNumbers, IconStairs } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { FormationMethod } from '@teamup/contracts/formation';
import { routes } from '../../../config/paths';
import { formationKo } from '../../../i18n/ko/formation';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCurrentWorkspace } from '../../../hooks/use-current-workspace';
import { useFormations } from '../api/formations';
import { methodSlugs } from '../lib/methods';

const t = formationKo;
const icons: Record<FormationMethod, typeof IconDice5> = {
  DICE: IconDice5,
  LADDER: IconStairs,
  VOTE: IconListNumbers,
  MANUAL: IconHandFinger,
};

/** /ws/{ws}/team-formation: the chooser of spec 02 and the workspace's sessions. */
export function TeamFormationPage() {
  const { workspace } = useCurrentWorkspace();
  useDocumentTitle([formationKo.title, workspace?.name]);
  const sessions = useFormations(workspace?.id ?? null);
  if (!workspace) return null;
  return (
    <Stack maw={960} mx="auto" gap="lg">
      <div>
        <Title order={1} fz="h2">
          {t.title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t.subtitle}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {(Object.keys(methodSlugs) as FormationMethod[]).map((method) => {
          const Icon = icons[method];
          return (
            <UnstyledButton
              key={method}
              component={Link}
              to={routes.formationMethod.href(methodSlugs[method], { ws: workspace.id })}
              data-testid={`formation-method-${methodSlugs[method]}`}
            >
              <Paper withBorder radius="lg" p="lg" h="100%">
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <Icon size={32} stroke={1.5} />
                  <Stack gap={4}>
                    <Text fw={700}>{t.methods[method]}</Text>
                    <Text size="sm" c="dimmed">
                      {t.methodHints[method]}
                    </Text>
                  </Stack>
                </Group>
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} fz="h5">
          {t.sessions}
        </Title>
        {sessions.isSuccess && sessions.data.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.noSessions}
          </Text>
        )}
        {(sessions.data ?? []).map((item) => (
          <Paper key={item.id} withBorder radius="md" p="sm" data-testid="formation-session-row">
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {t.methods[item.method]}
                </Text>
                <Badge variant="light" tt="none">
                  {t.status[item.status]}
                </Badge>
                <Text size="xs" c="dimmed">
                  {item.participants.length}명 · {item.teamNames.length}팀
                </Text>
              </Group>
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={routes.formationMethod.href(methodSlugs[item.method], {
                  ws: workspace.id,
                  session: item.id,
                })}
              >
                {t.open}
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
