import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ClassOverviewRules } from '@teamup/contracts/class-overview';
import { ErrorAlert } from '../../../components/error-alert';
import { classKo } from '../../../i18n/ko/class';
import { errorMessage } from '../../../lib/error-message';
import { useSendNudge } from '../api/send-nudge';

const t = classKo.nudge;

/** Whom a nudge goes to: a team's students, or one of them. */
export type NudgeTarget = {
  teamId: number;
  teamName: string;
  member: { id: number; name: string } | null;
};

/** The nudge dialog: a short message to a team or one student, sent as a notification. */
export function NudgeModal({
  workspaceId,
  target,
  onClose,
}: {
  workspaceId: number;
  target: NudgeTarget | null;
  onClose: () => void;
}) {
  const [message, setMessage] = useState('');
  const send = useSendNudge();
  const close = () => {
    setMessage('');
    send.reset();
    onClose();
  };
  const trimmed = message.trim();
  const submit = () => {
    if (!target || trimmed === '' || send.isPending) return;
    send.mutate(
      { workspaceId, teamId: target.teamId, userId: target.member?.id ?? null, message: trimmed },
      {
        onSuccess: (nudge) => {
          notifications.show({ color: 'teal', message: t.sent(nudge.recipients) });
          close();
        },
      },
    );
  };
  return (
    <Modal opened={target !== null} onClose={close} title={t.title} centered>
      {target && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          data-testid="nudge-form"
        >
          <Stack gap="sm">
            <div>
              <Text size="xs" c="dimmed">
                {t.target}
              </Text>
              <Text fw={600} data-testid="nudge-target">
                {target.member
                  ? t.toMember(target.teamName, target.member.name)
                  : t.toTeam(target.teamName)}
              </Text>
            </div>
            <Textarea
              label={t.message}
              placeholder={t.placeholder}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              maxLength={ClassOverviewRules.nudgeMessageMax}
              autosize
              minRows={3}
              maxRows={8}
              data-autofocus
              required
              description={`${t.hint} · ${t.count(message.length)}`}
              data-testid="nudge-message"
            />
            <ErrorAlert
              message={send.isError ? errorMessage(send.error, { fallback: t.failed }) : null}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                {t.cancel}
              </Button>
              <Button
                type="submit"
                loading={send.isPending}
                disabled={trimmed === ''}
                data-testid="nudge-send"
              >
                {t.send}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
