import { useId, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Formation } from '@teamup/contracts/formation';
import { routes } from '../../../config/paths';
import { formationKo } from '../../../i18n/ko/formation';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useConfirmFormation, useDrawFormation } from '../api/formations';
import { verifyFormation } from '../lib/verify';
import { CloseVoteDialog } from './close-vote-dialog';
import { DiceRoll } from './dice-roll';
import { LadderView } from './ladder-view';
import { ManualBoard } from './manual-board';
import { TeamColumns } from './team-columns';
import { VoteForm } from './vote-form';

const t = formationKo;

/**
 * "공정성 확인", folded: the commitment and, after the draw, the revealed seed with a check
 * anyone can run.
 */
function Fairness({ formation }: { formation: Formation }) {
  const [verdict, setVerdict] = useState<boolean | null>(null);
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  return (
    <Paper withBorder radius="md" p="sm">
      <UnstyledButton
        onClick={() => setExpanded((value) => !value)}
        aria-expanded={expanded}
        aria-controls={panelId}
        w="100%"
        data-testid="formation-fairness-toggle"
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            <IconShieldCheck size={18} aria-hidden />
            <Text size="sm" fw={600}>
              {t.fairness}
            </Text>
            {formation.seed && (
              <Badge size="xs" variant="light" color="teal" tt="none">
                {t.seedRevealed}
              </Badge>
            )}
          </Group>
          <IconChevronDown
            size={16}
            aria-hidden
            style={{
              transform: expanded ? 'rotate(180deg)' : undefined,
              transition: 'transform 150ms ease',
              flexShrink: 0,
            }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={expanded} id={panelId}>
        <FairnessDetails formation={formation} verdict={verdict} onVerdict={setVerdict} />
      </Collapse>
    </Paper>
  );
}

function FairnessDetails({
  formation,
  verdict,
  onVerdict,
}: {
  formation: Formation;
  verdict: boolean | null;
  onVerdict: (verdict: boolean) => void;
}) {
  return (
    <Stack gap={4} pt="sm" data-testid="formation-fairness">
      <Text size="xs" c="dimmed" mb={4}>
        {t.fairnessHint}
      </Text>
      <Text size="xs" c="dimmed" fw={600}>
        {t.seedHash}
      </Text>
      <Code fz="xs" style={{ overflowWrap: 'anywhere' }} data-testid="formation-seed-hash">
        {formation.seedHash}
      </Code>
      {formation.seed && (
        <>
          <Text size="xs" c="dimmed" fw={600}>
            {t.seed}
          </Text>
          <Code fz="xs" style={{ overflowWrap: 'anywhere' }}>
            {formation.seed}
          </Code>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconShieldCheck size={14} />}
              onClick={() =>
                // A check that cannot run (no Web Crypto outside a secure context) is a failed one.
                void verifyFormation(formation).then(onVerdict, () => onVerdict(false))
              }
              data-testid="formation-verify"
            >
              {t.verify}
            </Button>
            {verdict !== null && (
              <Text size="xs" c={verdict ? 'teal' : 'red'} data-testid="formation-verdict">
                {verdict ? t.verified : t.verifyFailed}
              </Text>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}

/** One session as everyone in the workspace sees it; admins also draw and confirm. */
export function FormationSession({
  formation,
  isAdmin,
  viewerId,
}: {
  formation: Formation;
  isAdmin: boolean;
  viewerId: number | undefined;
}) {
  const draw = useDrawFormation();
  const confirm = useConfirmFormation();
  const [asking, setAsking] = useState(false);
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: errorMessage(error, { fallback: t.actionFailed }),
    });
  const participating = formation.participants.some((person) => person.id === viewerId);
  const open = formation.status === 'OPEN';
  const drawn = formation.status === 'DRAWN';

  return (
    <Stack gap="md" data-testid="formation-session" data-status={formation.status}>
      <Group justify="space-between" wrap="wrap">
        {/* The session replaces the method page's form: its title is the page's h1. */}
        <Title order={1} fz="h4">
          {t.methods[formation.method]}
        </Title>
        <Badge variant="light" tt="none" data-testid="formation-status">
          {t.status[formation.status]}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t.participants}: {formation.participants.map((person) => person.name).join(', ')}
      </Text>
      {formation.method === 'VOTE' && (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} data-testid="formation-vote-count">
            {t.votes(formation.votes, formation.participants.length)}
          </Text>
          {open && formation.deadline && (
            <Text size="sm" c="dimmed" data-testid="formation-deadline">
              · {t.deadlineAt(formatDateTime(formation.deadline))}
            </Text>
          )}
        </Group>
      )}
      {formation.method === 'VOTE' && open && participating && <VoteForm formation={formation} />}
      {formation.method === 'MANUAL' && isAdmin && formation.status !== 'CONFIRMED' && (
        <ManualBoard formation={formation} />
      )}
      {formation.method === 'DICE' && <DiceRoll formation={formation} />}
      {formation.method === 'LADDER' && <LadderView formation={formation} />}
      {formation.result ? (
        <TeamColumns formation={formation} />
      ) : (
        formation.method !== 'MANUAL' && (
          <Alert color="gray" variant="light">
            {t.waiting}
          </Alert>
        )
      )}
      {isAdmin && (
        <Group gap="sm">
          {open && formation.method !== 'MANUAL' && (
            <Button
              loading={draw.isPending}
              onClick={() =>
                formation.method === 'VOTE'
                  ? setAsking(true)
                  : draw.mutate(formation.id, { onError: failed })
              }
              data-testid="formation-draw"
            >
              {formation.method === 'VOTE' ? t.closeVote : t.draw}
            </Button>
          )}
          {drawn && (
            <Button
              color="teal"
              loading={confirm.isPending}
              onClick={() =>
                confirm.mutate(formation.id, {
                  onSuccess: () => notifications.show({ color: 'teal', message: t.confirmed }),
                  onError: failed,
                })
              }
              data-testid="formation-confirm"
            >
              {t.confirm}
            </Button>
          )}
        </Group>
      )}
      {formation.createdTeamIds && (
        <Group gap="xs" data-testid="formation-created-teams">
          {formation.createdTeamIds.map((teamId, index) => (
            <Button
              key={teamId}
              component={Link}
              to={routes.team.href(formation.workspaceId, teamId)}
              variant="light"
              size="xs"
            >
              {t.goTeam}: {formation.teamNames[index]}
            </Button>
          ))}
        </Group>
      )}
      {formation.method !== 'MANUAL' && <Fairness formation={formation} />}
      {formation.method === 'VOTE' && isAdmin && (
        <CloseVoteDialog
          formation={formation}
          opened={asking && open}
          loading={draw.isPending}
          onClose={() => setAsking(false)}
          onConfirm={() =>
            draw.mutate(formation.id, {
              onSuccess: () => setAsking(false),
              onError: (error) => {
                setAsking(false);
                failed(error);
              },
            })
          }
        />
      )}
    </Stack>
  );
}
