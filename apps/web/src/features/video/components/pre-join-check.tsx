import { useState, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Center,
  Group,
  Paper,
  Progress,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import type { VideoMode } from '@teamup/contracts/video';
import { IconCamera, IconMicrophone } from '@tabler/icons-react';
import { videoKo } from '../../../i18n/ko/video';
import { useDeviceCheck, HEARD_LEVEL, type DeviceState } from '../hooks/use-device-check';
import { loadDeviceChoice, saveDeviceChoice, type DeviceChoice } from '../lib/devices';
import { handOver, type JoinChoice } from '../lib/local-media';
import { DevicePicker } from './device-picker';
import { StreamVideo } from './stream-video';

const t = videoKo.preJoin;

function StatusRow({
  icon,
  label,
  state,
  okText,
  testId,
}: {
  icon: ReactNode;
  label: string;
  state: DeviceState;
  okText: string;
  testId: string;
}) {
  const text = state === 'checking' ? t.checking : state === 'ok' ? okText : t.unavailable;
  const colour = state === 'ok' ? 'teal.9' : state === 'unavailable' ? 'red.9' : 'dimmed';
  return (
    <Group gap="xs" wrap="nowrap" data-testid={testId} data-state={state}>
      {icon}
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" c={colour}>
        {text}
      </Text>
    </Group>
  );
}

/**
 * Before joining a meeting: the camera's picture, the microphone's level and the device picker,
 * so a person knows both work before anyone sees or hears them (issue 41), and whether to join
 * with the camera and microphone on (a discussion starts with both on, a presentation with both
 * off; issue 47). Nothing is sent from here; joining stops the check's capture and hands the
 * meeting copies of the tracks it chose.
 */
export function PreJoinCheck({
  roomName,
  mode,
  lookingUp = false,
  onJoin,
  onCancel,
}: {
  roomName: string;
  /** Undefined while the room is still being looked up. */
  mode?: VideoMode | undefined;
  /** The room (and so its mode) is still being looked up. */
  lookingUp?: boolean;
  onJoin: (choice: JoinChoice) => void;
  onCancel: () => void;
}) {
  const discussion = mode === 'DISCUSSION';
  const [chosen, setChosen] = useState<Partial<JoinChoice>>({});
  const choice: JoinChoice = {
    camera: chosen.camera ?? discussion,
    microphone: chosen.microphone ?? discussion,
  };
  const [devices, setDevices] = useState<DeviceChoice>(loadDeviceChoice);
  const check = useDeviceCheck(devices);
  const loud = check.level >= HEARD_LEVEL;
  const choose = (next: DeviceChoice) => {
    setDevices(next);
    saveDeviceChoice(next);
  };
  const nothingWorks = check.camera === 'unavailable' && check.microphone === 'unavailable';

  return (
    <Center py={{ base: 'xs', sm: 'xl' }}>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'lg' }}
        w="100%"
        maw={520}
        component="section"
        aria-labelledby="pre-join-title"
        data-testid="meeting-prejoin"
      >
        <Stack gap="sm">
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Title order={2} size="h4" id="pre-join-title">
              {t.title(roomName)}
            </Title>
            {mode && (
              <Badge variant="light" data-testid="meeting-prejoin-mode">
                {videoKo.modes[mode]}
              </Badge>
            )}
          </Group>
          <Box
            bg="dark.7"
            h={{ base: 180, sm: 260 }}
            style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          >
            {check.preview && (
              <StreamVideo
                stream={check.preview}
                muted
                mirrored
                fit="cover"
                label={t.preview}
                testId="meeting-prejoin-preview"
              />
            )}
          </Box>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={6} miw={0} style={{ flex: 1 }}>
              <StatusRow
                icon={<IconCamera size={18} aria-hidden />}
                label={t.camera}
                state={check.camera}
                okText={t.cameraOk}
                testId="meeting-prejoin-camera"
              />
              <StatusRow
                icon={<IconMicrophone size={18} aria-hidden />}
                label={t.microphone}
                state={check.microphone}
                okText={check.heard ? t.micHeard : t.micSilent}
                testId="meeting-prejoin-mic"
              />
              {check.microphone === 'ok' && (
                <Progress
                  value={Math.min(100, Math.round(check.level * 100))}
                  color={loud ? 'teal' : 'gray'}
                  size="md"
                  aria-label={t.level}
                  data-testid="meeting-prejoin-level"
                  data-heard={check.heard}
                />
              )}
            </Stack>
            <DevicePicker value={devices} onChange={choose} />
          </Group>
          <Group gap="lg">
            <Switch
              label={t.joinWithCamera}
              checked={choice.camera && check.camera !== 'unavailable'}
              disabled={check.camera === 'unavailable'}
              onChange={(event) => {
                const camera = event.currentTarget.checked;
                setChosen((now) => ({ ...now, camera }));
              }}
              data-testid="meeting-prejoin-with-camera"
            />
            <Switch
              label={t.joinWithMic}
              checked={choice.microphone && check.microphone !== 'unavailable'}
              disabled={check.microphone === 'unavailable'}
              onChange={(event) => {
                const microphone = event.currentTarget.checked;
                setChosen((now) => ({ ...now, microphone }));
              }}
              data-testid="meeting-prejoin-with-mic"
            />
          </Group>
          <Text size="sm" c="dimmed">
            {nothingWorks ? t.noDevices : discussion ? t.discussionHint : t.hint}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-testid="meeting-prejoin-cancel">
              {t.cancel}
            </Button>
            <Button
              // While the room is looked up its mode is unknown, and so is what a discussion
              // joins with (both on): a click then joined with both off, and a fifth person was
              // let in without the refusal they should have seen.
              loading={lookingUp}
              onClick={() => {
                const camera = choice.camera && check.camera !== 'unavailable';
                const microphone = choice.microphone && check.microphone !== 'unavailable';
                onJoin({
                  camera,
                  microphone,
                  tracks: {
                    camera: camera ? handOver(check.preview, 'video') : null,
                    microphone: microphone ? handOver(check.sound, 'audio') : null,
                  },
                });
              }}
              data-autofocus
              data-testid="meeting-prejoin-join"
            >
              {t.join}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
