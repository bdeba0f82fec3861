import { useState } from 'react';
import { Button, Group, Modal, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import { VideoMessages, type VideoMode } from '@teamup/contracts/video';
import { routes } from '../../../config/paths';
import { videoKo } from '../../../i18n/ko/video';
import { ApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/error-message';
import { useWorkspaceTeams } from '../../../lib/queries/workspace-teams';
import { useCreateVideoChannel } from '../api/video-api';

const t = videoKo.create;

/**
 * Spec 02 section 8: a duplicate name gets its own text; anything else shows the server's detail
 * prefixed with '오류: '.
 */
export function createRoomError(error: unknown): string {
  if (error instanceof ApiError && error.code === ErrorCode.VIDEO_CHANNEL_DUPLICATE) {
    return VideoMessages.duplicateName;
  }
  return `${t.errorPrefix}${errorMessage(error)}`;
}

interface CreateVideoRoomDialogProps {
  opened: boolean;
  onClose: () => void;
  workspaceId: number;
}

function CreateVideoRoomForm({ onClose, workspaceId }: Omit<CreateVideoRoomDialogProps, 'opened'>) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [mode, setMode] = useState<VideoMode>('PRESENTATION');
  const create = useCreateVideoChannel(workspaceId);
  // A room may belong to one of the creator's teams (its meetings' notes are the team's).
  const teams = useWorkspaceTeams(workspaceId);
  const myTeams = (teams.data ?? []).filter((team) => team.isMember);
  const navigate = useNavigate();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = name.trim();
        if (!trimmed) {
          setError(VideoMessages.nameRequired);
          return;
        }
        create.mutate(
          { name: trimmed, mode, ...(teamId === null ? {} : { teamId: Number(teamId) }) },
          {
            onSuccess: (room) => {
              onClose();
              void navigate(
                routes.videoLive.href(workspaceId, { roomId: room.id, roomName: room.name }),
              );
            },
            onError: (failure) => setError(createRoomError(failure)),
          },
        );
      }}
    >
      <Stack>
        <TextInput
          label={t.name}
          placeholder={t.namePlaceholder}
          value={name}
          maxLength={Limits.videoChannelNameMax}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
          data-testid="video-room-name"
          required
        />
        {myTeams.length > 0 && (
          <Select
            label={t.team}
            placeholder={t.teamNone}
            clearable
            data={myTeams.map((team) => ({ value: String(team.id), label: team.name }))}
            value={teamId}
            onChange={setTeamId}
            data-testid="video-room-team"
            comboboxProps={{ withinPortal: false }}
          />
        )}
        <ModeChoice value={mode} onChange={setMode} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="video-room-create">
            {t.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Presentation (the default) or discussion, each with what it means. The discussion's limit is
 * said as the built-in one, which a server with LiveKit lifts (the meeting shows its real figure).
 */
export function ModeChoice({
  value,
  onChange,
}: {
  value: VideoMode;
  onChange: (mode: VideoMode) => void;
}) {
  const modes = videoKo.modes;
  return (
    <Radio.Group
      label={modes.label}
      value={value}
      onChange={(next) => onChange(next)}
      data-testid="video-room-mode"
    >
      <Stack gap="xs" mt={4}>
        <Radio
          value="PRESENTATION"
          label={modes.PRESENTATION}
          description={modes.presentationHint}
          data-testid="video-room-mode-presentation"
        />
        <Radio
          value="DISCUSSION"
          label={modes.DISCUSSION}
          description={modes.discussionCreateHint(Limits.meshPublishersMax)}
          data-testid="video-room-mode-discussion"
        />
      </Stack>
    </Radio.Group>
  );
}

/** The plus button's dialog: a room needs a name, unique in the workspace. */
export function CreateVideoRoomDialog({
  opened,
  onClose,
  workspaceId,
}: CreateVideoRoomDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={t.title} centered>
      {opened && <CreateVideoRoomForm onClose={onClose} workspaceId={workspaceId} />}
    </Modal>
  );
}
