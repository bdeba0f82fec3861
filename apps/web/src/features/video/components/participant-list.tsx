import { ActionIcon, Badge, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconMicrophone, IconMicrophoneOff, IconUserMinus } from '@tabler/icons-react';
import { Limits } from '@teamup/contracts/limits';
import type { VideoParticipant } from '@teamup/contracts/video';
import { videoKo } from '../../../i18n/ko/video';
import { placeholderAvatar } from '../lib/placeholder-avatar';

const t = videoKo;

/**
 * Who is in the meeting: picture (a placeholder when there is none, dimmed for me with my camera
 * off), name, e-mail, who broadcasts, whose microphone is on, and removal of others for those
 * who may.
 */
export function ParticipantList({
  participants,
  myId,
  broadcasterId,
  micOnUserId,
  micOnUserIds,
  cameraOn,
  broadcastingElsewhere = false,
  canRemove,
  onRemove,
}: {
  participants: VideoParticipant[];
  myId: number;
  broadcasterId: number | null;
  /** Whose microphone the room hears now (only the broadcaster sends), if anyone's. */
  micOnUserId: number | null;
  /** In a discussion everyone may speak: whose microphones are on (replaces `micOnUserId`). */
  micOnUserIds?: ReadonlySet<number>;
  cameraOn: boolean;
  /** The roster names me as the broadcaster but this tab sends nothing: another tab or device. */
  broadcastingElsewhere?: boolean;
  canRemove: boolean;
  onRemove: (participant: VideoParticipant) => void;
}) {
  const size = Limits.placeholderAvatarPx;
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      component="section"
      aria-label={t.participants(participants.length)}
    >
      <Text size="sm" fw={700} mb={6}>
        {t.participants(participants.length)}
      </Text>
      <Box mah={260} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
        <Stack
          component="ul"
          gap={6}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          data-testid="meeting-participants"
        >
          {participants.map((participant) => {
            const self = participant.userId === myId;
            const micOn = micOnUserIds
              ? micOnUserIds.has(participant.userId)
              : participant.userId === micOnUserId;
            return (
              <Group
                component="li"
                key={participant.id}
                gap="xs"
                wrap="nowrap"
                data-testid="meeting-participant"
                data-user-id={participant.userId}
              >
                <img
                  src={
                    participant.profileImageUrl ??
                    placeholderAvatar(participant.id, participant.name)
                  }
                  width={size}
                  height={size}
                  alt={self && !cameraOn ? t.cameraOffImage : ''}
                  style={{
                    borderRadius: '50%',
                    objectFit: 'cover',
                    flexShrink: 0,
                    opacity: self && !cameraOn ? 0.4 : 1,
                  }}
                />
                <Box miw={0} style={{ flex: 1 }}>
                  <Group gap={4} wrap="nowrap" miw={0}>
                    <Text size="sm" fw={600} truncate="end" miw={0}>
                      {participant.name}
                    </Text>
                    {self && (
                      <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                        {t.me}
                      </Badge>
                    )}
                    {participant.userId === broadcasterId && (
                      <Badge
                        size="xs"
                        color="red"
                        variant={self && broadcastingElsewhere ? 'light' : 'filled'}
                        style={{ flexShrink: 0 }}
                        data-testid="meeting-broadcasting-badge"
                      >
                        {self && broadcastingElsewhere ? t.broadcastingElsewhere : t.broadcasting}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" truncate="end">
                    {participant.email}
                  </Text>
                </Box>
                <Box
                  component="span"
                  role="img"
                  aria-label={micOn ? t.micLive : t.micMuted}
                  c={micOn ? 'teal.7' : 'gray.6'}
                  style={{ display: 'inline-flex', flexShrink: 0 }}
                  data-testid="meeting-participant-mic"
                  data-on={micOn}
                >
                  {micOn ? <IconMicrophone size={16} /> : <IconMicrophoneOff size={16} />}
                </Box>
                {canRemove && !self && (
                  <Tooltip label={t.removeParticipant(participant.name)} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t.removeParticipant(participant.name)}
                      data-testid="meeting-remove"
                      onClick={() => onRemove(participant)}
                    >
                      <IconUserMinus size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            );
          })}
        </Stack>
      </Box>
    </Paper>
  );
}
