import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
  useMatches,
} from '@mantine/core';
import {
  IconMessage,
  IconMessageOff,
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconScreenShare,
  IconScreenShareOff,
  IconUserMinus,
  IconVideo,
  IconVideoOff,
  IconVolume,
} from '@tabler/icons-react';
import { Limits } from '@teamup/contracts/limits';
import type { MeetingChatLine, VideoParticipant } from '@teamup/contracts/video';
import { ko } from '../../../i18n/ko';
import { placeholderAvatar } from '../lib/placeholder-avatar';

const t = ko.video;

/** A <video> playing a stream; falls back to muted playback when the browser blocks sound. */
export function StreamVideo({
  stream,
  muted,
  mirrored,
  testId,
  label,
  sinkId,
  fit = 'contain',
}: {
  stream: MediaStream;
  muted: boolean;
  mirrored?: boolean;
  testId: string;
  label: string;
  /** The speaker chosen in the device picker ('' for the default), where the browser can. */
  sinkId?: string;
  fit?: 'contain' | 'cover';
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [soundBlocked, setSoundBlocked] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    video.muted = muted;
    video.play().catch(() => {
      if (muted) return;
      // Autoplay with sound needs a gesture: play muted and offer the sound as a button.
      video.muted = true;
      setSoundBlocked(true);
      void video.play().catch(() => undefined);
    });
  }, [stream, muted]);
  useEffect(() => {
    const video = ref.current;
    // Not every browser can choose a speaker (setSinkId); a speaker that is gone leaves the
    // sound where it was.
    if (sinkId === undefined || !video || typeof video.setSinkId !== 'function') return;
    video.setSinkId(sinkId).catch(() => undefined);
  }, [sinkId]);
  return (
    <Box pos="relative" w="100%" h="100%">
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={muted}
        aria-label={label}
        data-testid={testId}
        style={{
          width: '100%',
          height: '100%',
          objectFit: fit,
          background: '#000',
          transform: mirrored ? 'scaleX(-1)' : undefined,
        }}
      />
      {soundBlocked && (
        <Button
          pos="absolute"
          bottom={12}
          left={12}
          size="xs"
          leftSection={<IconVolume size={16} />}
          onClick={() => {
            const video = ref.current;
            if (video) video.muted = false;
            setSoundBlocked(false);
          }}
        >
          {t.unmuteSound}
        </Button>
      )}
    </Box>
  );
}

/**
 * A small picture of one's own camera in the stage's corner while the stage shows something else
 * (another person's broadcast, or one's own screen).
 */
export function SelfView({ stream }: { stream: MediaStream }) {
  return (
    <Box
      pos="absolute"
      right={8}
      bottom={8}
      w={{ base: 112, sm: 192 }}
      style={{
        zIndex: 1,
        aspectRatio: '16 / 9',
        borderRadius: 'var(--mantine-radius-sm)',
        overflow: 'hidden',
        border: '2px solid var(--mantine-color-white)',
        boxShadow: 'var(--mantine-shadow-md)',
      }}
      data-testid="meeting-self-view"
    >
      <StreamVideo
        stream={stream}
        muted
        mirrored
        fit="cover"
        testId="meeting-self-view-video"
        label={t.selfView}
      />
    </Box>
  );
}

export function ParticipantList({
  participants,
  myId,
  broadcasterId,
  cameraOn,
  broadcastingElsewhere = false,
  canRemove,
  onRemove,
}: {
  participants: VideoParticipant[];
  myId: number;
  broadcasterId: number | null;
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

/** The in-meeting chat: 300 px high, follows the latest line, sends on Enter. */
export function MeetingChatPanel({
  lines,
  connected,
  onSend,
}: {
  lines: MeetingChatLine[];
  connected: boolean;
  onSend: (message: string) => boolean;
}) {
  const [text, setText] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines.length]);
  const send = () => {
    const message = text.trim();
    if (!message) return;
    if (onSend(message)) setText('');
  };
  return (
    <Paper
      withBorder
      radius="md"
      component="section"
      aria-label={t.chatTitle}
      h={Limits.meetingChatPanelPx}
      style={{ display: 'flex', flexDirection: 'column' }}
      data-testid="meeting-chat"
    >
      <Text size="sm" fw={700} px="xs" pt="xs">
        {t.chatTitle}
      </Text>
      <Box ref={viewport} style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }} px="xs">
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed" py="xs">
            {t.chatEmpty}
          </Text>
        ) : (
          <Stack
            component="ol"
            gap={4}
            m={0}
            p={0}
            py={4}
            style={{ listStyle: 'none' }}
            aria-live="polite"
          >
            {lines.map((line) => (
              <li key={line.id} data-testid="meeting-chat-line">
                <Text size="sm" component="span" fw={600} title={line.senderEmail}>
                  {line.senderName}
                </Text>{' '}
                <Text size="sm" component="span" style={{ wordBreak: 'break-word' }}>
                  {line.message}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Box>
      <Box p="xs">
        <TextInput
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter that ends a Korean IME composition must not send a half-made syllable.
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
          maxLength={Limits.meetingChatMax}
          placeholder={connected ? t.chatPlaceholder : t.chatOffline}
          aria-label={t.chatPlaceholder}
          disabled={!connected}
          data-testid="meeting-chat-input"
        />
      </Box>
    </Paper>
  );
}

function Toggle({
  on,
  onLabel,
  offLabel,
  iconOn,
  iconOff,
  onClick,
  testId,
}: {
  on: boolean;
  onLabel: string;
  offLabel: string;
  iconOn: React.ReactNode;
  iconOff: React.ReactNode;
  onClick: () => void;
  testId: string;
}) {
  const label = on ? offLabel : onLabel;
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        size={44}
        radius="xl"
        variant={on ? 'filled' : 'default'}
        aria-label={label}
        aria-pressed={on}
        onClick={onClick}
        data-testid={testId}
      >
        {on ? iconOn : iconOff}
      </ActionIcon>
    </Tooltip>
  );
}

export function ControlBar({
  micOn,
  cameraOn,
  sharing,
  chatShown,
  onMic,
  onCamera,
  onScreen,
  onChat,
  onLeave,
  devicePicker,
}: {
  /** The device settings button, beside the toggles. */
  devicePicker?: React.ReactNode;
  micOn: boolean;
  cameraOn: boolean;
  sharing: boolean;
  chatShown: boolean;
  onMic: () => void;
  onCamera: () => void;
  onScreen: () => void;
  onChat: () => void;
  onLeave: () => void;
}) {
  // Six round buttons fit one row of a 360 px phone with narrower gaps.
  const gap = useMatches({ base: 8, sm: 12 });
  return (
    <Group justify="center" gap={gap} role="toolbar" aria-label={t.controls} py="xs" wrap="wrap">
      <Toggle
        on={micOn}
        onLabel={t.micOn}
        offLabel={t.micOff}
        iconOn={<IconMicrophone size={22} />}
        iconOff={<IconMicrophoneOff size={22} />}
        onClick={onMic}
        testId="meeting-mic"
      />
      <Toggle
        on={cameraOn}
        onLabel={t.cameraOn}
        offLabel={t.cameraOff}
        iconOn={<IconVideo size={22} />}
        iconOff={<IconVideoOff size={22} />}
        onClick={onCamera}
        testId="meeting-camera"
      />
      <Toggle
        on={sharing}
        onLabel={t.shareOn}
        offLabel={t.shareOff}
        iconOn={<IconScreenShare size={22} />}
        iconOff={<IconScreenShareOff size={22} />}
        onClick={onScreen}
        testId="meeting-screen"
      />
      <Toggle
        on={chatShown}
        onLabel={t.chatShow}
        offLabel={t.chatHide}
        iconOn={<IconMessage size={22} />}
        iconOff={<IconMessageOff size={22} />}
        onClick={onChat}
        testId="meeting-chat-toggle"
      />
      {devicePicker}
      <Tooltip label={t.leave} withArrow>
        <ActionIcon
          size={44}
          radius="xl"
          color="red"
          variant="filled"
          aria-label={t.leave}
          onClick={onLeave}
          data-testid="meeting-leave"
        >
          <IconPhoneOff size={22} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
