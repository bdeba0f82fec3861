import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconChevronRight, IconPlus, IconUsersGroup } from '@tabler/icons-react';
import type { Team } from '@teamup/contracts/teams';
import { ko } from '../../../i18n/ko';
import { teamsKo } from '../../../i18n/ko/teams';
import { CreateTeamForm } from './create-team-form';
import { JoinTeamList } from './join-team-list';
import classes from './team-dialog.module.css';

type Step = 'choose' | 'create' | 'join';

export interface TeamDialogProps {
  opened: boolean;
  onClose: () => void;
  workspaceId: number;
  /** Told about a newly created team; the dialog itself already closes and opens its page. */
  onCreated?: (team: Team) => void;
}

const titles: Record<Step, string> = {
  choose: teamsKo.dialogTitle,
  create: teamsKo.createTitle,
  join: teamsKo.joinTitle,
};

function ChoiceButton({
  icon,
  title,
  hint,
  onClick,
  testId,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <UnstyledButton className={classes.choice} onClick={onClick} data-testid={testId}>
      <Group gap="md" wrap="nowrap">
        {icon}
        <Stack gap={2} style={{ flex: 1 }} miw={0}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
        <IconChevronRight size={18} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}

/**
 * The team dialog (spec 01 and 02 section 2): step 1 chooses between creating a team and
 * joining one; the join step lists the workspace's teams the user is not in. Closing resets it.
 */
export function TeamDialog({ opened, onClose, workspaceId, onCreated }: TeamDialogProps) {
  const [step, setStep] = useState<Step>('choose');
  // Every opening starts at step 1, however the last one was closed.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setStep('choose');
  }

  const handleClose = () => {
    setStep('choose');
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={handleClose}
      title={titles[step]}
      centered
      size="lg"
      attributes={{ content: { 'data-testid': 'team-dialog' } }}
    >
      {step === 'choose' && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {teamsKo.chooseHint}
          </Text>
          <ChoiceButton
            icon={<IconPlus size={28} aria-hidden className={classes.choiceIcon} />}
            title={teamsKo.createNew}
            hint={teamsKo.createNewHint}
            onClick={() => setStep('create')}
            testId="team-dialog-create"
          />
          <ChoiceButton
            icon={<IconUsersGroup size={28} aria-hidden className={classes.choiceIcon} />}
            title={teamsKo.joinExisting}
            hint={teamsKo.joinExistingHint}
            onClick={() => setStep('join')}
            testId="team-dialog-join"
          />
        </Stack>
      )}
      {step !== 'choose' && (
        <Stack gap="md">
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconArrowLeft size={14} />}
              onClick={() => setStep('choose')}
              data-testid="team-dialog-back"
            >
              {ko.common.back}
            </Button>
          </Group>
          {step === 'create' ? (
            <CreateTeamForm workspaceId={workspaceId} onCreated={onCreated} onDone={handleClose} />
          ) : (
            <JoinTeamList workspaceId={workspaceId} onDone={handleClose} />
          )}
        </Stack>
      )}
    </Modal>
  );
}
