import type { ReactNode } from 'react';
import { ActionIcon, Group, Tooltip, useMatches } from '@mantine/core';
import {
  IconMessage,
  IconMessageOff,
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconScreenShare,
  IconScreenShareOff,
  IconVideo,
  IconVideoOff,
} from '@tabler/icons-react';
import { videoKo } from '../../../i18n/ko/video';

const t = videoKo;

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
  iconOn: ReactNode;
  iconOff: ReactNode;
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

/** The meeting's toolbar: microphone, camera, screen and chat toggles, the devices, and leaving. */
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
  devicePicker?: ReactNode;
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
