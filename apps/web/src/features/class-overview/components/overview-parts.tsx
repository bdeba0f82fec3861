import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Progress,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconBellRinging } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ClassOverviewTeam } from '@teamup/contracts/class-overview';
import { routes } from '../../../config/paths';
import { classKo } from '../../../i18n/ko/class';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { inactiveMembers, type Sort, type SortKey } from '../lib/overview-table';
import type { NudgeTarget } from './nudge-modal';

/* The pieces of a team's row (wide screens) and card (phones), shared by both. */

const t = classKo;

export function TeamLink({ workspaceId, team }: { workspaceId: number; team: ClassOverviewTeam }) {
  return (
    <Anchor
      component={Link}
      to={routes.team.href(workspaceId, team.id)}
      fw={600}
      aria-label={t.openTeam(team.name)}
      style={{ overflowWrap: 'anywhere' }}
      data-testid="class-team-link"
    >
      {team.name}
    </Anchor>
  );
}

export function ProgressCell({ team }: { team: ClassOverviewTeam }) {
  return (
    <Stack gap={2} miw={90}>
      <Text size="sm">{t.progress(team.progress, team.approvedCards, team.totalCards)}</Text>
      <Progress value={team.progress} size="sm" aria-hidden />
    </Stack>
  );
}

export function OverdueCell({ team }: { team: ClassOverviewTeam }) {
  return team.overdueCards > 0 ? (
    <Badge color="red" variant="light" data-testid="class-overdue">
      {t.overdue(team.overdueCards)}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed" data-testid="class-overdue">
      {t.overdue(0)}
    </Text>
  );
}

export function LastActivityCell({ team }: { team: ClassOverviewTeam }) {
  if (team.lastActivityAt === null) {
    return (
      <Text size="sm" c="dimmed">
        {t.never}
      </Text>
    );
  }
  return (
    <Text size="sm" title={formatDateTime(team.lastActivityAt)}>
      {formatRelative(team.lastActivityAt)}
    </Text>
  );
}

/** The students without activity for seven days, each with a button to nudge them alone. */
export function InactiveCell({
  team,
  onNudge,
}: {
  team: ClassOverviewTeam;
  onNudge: (target: NudgeTarget) => void;
}) {
  const inactive = inactiveMembers(team);
  if (inactive.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t.noneInactive}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap" data-testid="class-inactive">
      {inactive.map((member) => (
        <Badge
          key={member.id}
          color="orange"
          variant="light"
          pr={2}
          title={member.lastActivityAt ? formatDateTime(member.lastActivityAt) : t.never}
          rightSection={
            <Tooltip label={t.nudgeMember(member.name)} withArrow>
              <ActionIcon
                size="xs"
                variant="subtle"
                color="orange"
                aria-label={t.nudgeMember(member.name)}
                onClick={() =>
                  onNudge({
                    teamId: team.id,
                    teamName: team.name,
                    member: { id: member.id, name: member.name },
                  })
                }
              >
                <IconBellRinging size={12} />
              </ActionIcon>
            </Tooltip>
          }
        >
          {member.name}
        </Badge>
      ))}
    </Group>
  );
}

export function MeetingsCell({ team }: { team: ClassOverviewTeam }) {
  const count = team.meetingsThisWeek.length;
  const withNotes = team.meetingsThisWeek.filter((meeting) => meeting.hasNotes).length;
  return (
    <Text size="sm" c={count === 0 ? 'dimmed' : undefined} data-testid="class-meetings">
      {t.meetings(count, withNotes)}
    </Text>
  );
}

export function EvaluationCell({ team }: { team: ClassOverviewTeam }) {
  if (!team.evaluation) {
    return (
      <Text size="sm" c="dimmed">
        {t.noEvaluation}
      </Text>
    );
  }
  const { submitted, total } = team.evaluation;
  return (
    <Text size="sm" c={submitted < total ? 'orange' : 'teal'}>
      {t.evaluation(submitted, total)}
    </Text>
  );
}

export function NudgeTeamButton({
  team,
  onNudge,
}: {
  team: ClassOverviewTeam;
  onNudge: (target: NudgeTarget) => void;
}) {
  return (
    <Stack gap={2} align="flex-start">
      <UnstyledButton
        onClick={() => onNudge({ teamId: team.id, teamName: team.name, member: null })}
        aria-label={t.nudgeTeamLabel(team.name)}
        data-testid="class-nudge-team"
      >
        <Group gap={4} wrap="nowrap">
          <IconBellRinging size={16} aria-hidden />
          <Text size="sm" c="blue">
            {t.nudgeTeam}
          </Text>
        </Group>
      </UnstyledButton>
      {team.lastNudgedAt && (
        <Text size="xs" c="dimmed">
          {t.lastNudged(formatRelative(team.lastNudgedAt))}
        </Text>
      )}
    </Stack>
  );
}

/** A sortable column's header: a button (Enter and Space work), its order told by aria-sort. */
export function SortHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: SortKey;
  label: string;
  sort: Sort;
  onSort: (key: SortKey) => void;
}) {
  const active = sort.key === column;
  const Icon = !active ? IconArrowsSort : sort.descending ? IconArrowDown : IconArrowUp;
  return (
    <UnstyledButton
      onClick={() => onSort(column)}
      aria-label={active ? t.sort.by(label, sort.descending) : t.sort.toggle(label)}
      data-testid={`class-sort-${column}`}
    >
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={700}>
          {label}
        </Text>
        <Icon size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
