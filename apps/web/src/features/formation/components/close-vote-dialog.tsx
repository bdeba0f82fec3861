import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Formation } from '@teamup/contracts/formation';
import { ko } from '../../../i18n/ko';
import { formationKo } from '../../../i18n/ko/formation';
import { formatDateTime } from '../../../lib/dates';

const t = formationKo;

/**
 * Asks before a vote is closed by hand: how many of how many voted, who has not, what happens to
 * them (decision 0010: they rank nothing, so they take the places left, by the seeded
 * tie-break), and that closing is final.
 */
export function CloseVoteDialog({
  formation,
  opened,
  loading,
  onClose,
  onConfirm,
}: {
  formation: Formation;
  opened: boolean;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const total = formation.participants.length;
  const voted = formation.votes;
  const voters = new Set(formation.voterIds);
  const waiting = formation.participants.filter((person) => !voters.has(person.id));
  return (
    <Modal opened={opened} onClose={onClose} title={t.closeVoteTitle} centered size="md">
      <Stack gap="sm" data-testid="formation-close-vote-dialog">
        <Text fw={700} size="lg" data-testid="formation-close-vote-count">
          {t.votes(voted, total)}
        </Text>
        <Progress
          value={total === 0 ? 0 : (100 * voted) / total}
          aria-label={t.votes(voted, total)}
          color={voted === 0 ? 'orange' : 'indigo'}
        />
        {voted === 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {t.closeVoteNobody}
          </Alert>
        ) : waiting.length === 0 ? (
          <Text size="sm">{t.closeVoteEveryone}</Text>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t.closeVoteNotVoted(waiting.length)}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {waiting.map((person) => person.name).join(', ')}
            </Text>
            <Text size="sm">{t.closeVoteNonVoters}</Text>
          </Stack>
        )}
        <Text size="sm">{t.closeVoteFinal}</Text>
        {formation.deadline && (
          <Text size="sm" c="dimmed">
            {t.closeVoteAuto(formatDateTime(formation.deadline))}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} data-autofocus>
            {ko.common.cancel}
          </Button>
          <Button
            color={voted === 0 ? 'orange' : undefined}
            loading={loading}
            onClick={onConfirm}
            data-testid="formation-close-vote-confirm"
          >
            {t.closeVoteConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
