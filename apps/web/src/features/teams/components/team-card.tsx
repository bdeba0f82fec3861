import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Team } from '@teamup/contracts/teams';
import { routes } from '../../../config/paths';
import { ko } from '../../../i18n/ko';
import { teamsKo } from '../../../i18n/ko/teams';
import { TeamProgress } from './team-progress';

/** A team on the workspace home: name, member count, progress and an enter button. */
export function TeamCard({ team }: { team: Team }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      aria-labelledby={`team-card-${team.id}`}
      data-testid="team-card"
      data-team-id={team.id}
    >
      <Stack gap="sm" h="100%">
        <Group gap={6} wrap="nowrap">
          {team.passwordProtected && (
            <IconLock size={16} aria-label={teamsKo.locked} role="img" style={{ flex: 'none' }} />
          )}
          <Title order={3} fz="lg" id={`team-card-${team.id}`} lineClamp={1}>
            {team.name}
          </Title>
        </Group>
        <Group gap={6}>
          <Badge variant="light" color="gray" tt="none">
            {ko.home.memberCount(team.memberCount)}
          </Badge>
        </Group>
        <TeamProgress progress={team.progress} />
        <Button
          component={Link}
          to={routes.team.href(team.workspaceId, team.id)}
          variant="light"
          rightSection={<IconArrowRight size={16} />}
          mt="auto"
          aria-label={ko.home.enterTeam(team.name)}
          data-testid="team-card-enter"
        >
          {ko.home.enter}
        </Button>
      </Stack>
    </Card>
  );
}
