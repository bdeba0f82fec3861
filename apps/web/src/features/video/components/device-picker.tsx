import { useCallback, useEffect, useState } from 'react';
import { ActionIcon, Loader, Popover, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { ko } from '../../../i18n/ko';
import { videoKo } from '../../../i18n/ko/video';
import {
  availableChoice,
  canChooseSpeaker,
  deviceLists,
  type DeviceChoice,
  type DeviceLists,
} from '../lib/devices';

const t = videoKo.devices;

/** The devices of this browser: read on opening, and again when one is plugged in or out. */
function useDeviceLists(active: boolean) {
  const [lists, setLists] = useState<DeviceLists | null>(null);
  const read = useCallback(() => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    const listing = media?.enumerateDevices ? media.enumerateDevices() : Promise.resolve([]);
    listing.then(
      (devices) => setLists(deviceLists(devices)),
      () => setLists(deviceLists([])),
    );
  }, []);
  useEffect(() => {
    if (!active) return undefined;
    const media = navigator.mediaDevices;
    media?.addEventListener?.('devicechange', read);
    return () => media?.removeEventListener?.('devicechange', read);
  }, [active, read]);
  return { lists, read };
}

/**
 * Camera, microphone and speaker of this meeting (a button in the control bar opening three
 * selects). A change applies at once to what is on; the speaker plays the broadcast where the
 * browser can choose one (setSinkId), else the select says why it is off.
 */
export function DevicePicker({
  value,
  onChange,
}: {
  value: DeviceChoice;
  onChange: (next: DeviceChoice) => void;
}) {
  const [opened, setOpened] = useState(false);
  const { lists, read } = useDeviceLists(opened);
  const speakerOk = canChooseSpeaker();
  const shown = lists ? availableChoice(value, lists) : value;
  const select = (key: keyof DeviceChoice, id: string | null) => {
    const next = { ...shown, [key]: id ?? '' };
    if (next[key] !== shown[key]) onChange(next);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="top"
      width={300}
      shadow="md"
      withArrow
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Tooltip label={t.open} withArrow disabled={opened}>
          <ActionIcon
            size={44}
            radius="xl"
            variant={opened ? 'filled' : 'default'}
            aria-label={t.open}
            aria-expanded={opened}
            aria-haspopup="dialog"
            onClick={() => {
              if (!opened) read();
              setOpened(!opened);
            }}
            data-testid="meeting-devices"
          >
            <IconSettings size={22} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-label={t.title} role="dialog" data-testid="meeting-devices-panel">
        {lists === null ? (
          <Stack align="center" py="md">
            <Loader size="sm" role="status" aria-label={ko.common.loading} />
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text fw={700} size="sm">
              {t.title}
            </Text>
            <Select
              label={t.camera}
              data={lists.camera}
              value={shown.camera}
              onChange={(id) => select('camera', id)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
              nothingFoundMessage={t.none}
              data-testid="meeting-device-camera"
            />
            <Select
              label={t.microphone}
              data={lists.microphone}
              value={shown.microphone}
              onChange={(id) => select('microphone', id)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
              data-testid="meeting-device-microphone"
            />
            <Select
              label={t.speaker}
              data={lists.speaker}
              value={speakerOk ? shown.speaker : ''}
              onChange={(id) => select('speaker', id)}
              allowDeselect={false}
              disabled={!speakerOk}
              description={speakerOk ? undefined : t.speakerUnsupported}
              comboboxProps={{ withinPortal: false }}
              data-testid="meeting-device-speaker"
            />
            {lists.labelsHidden && (
              <Text size="xs" c="dimmed">
                {t.labelsHidden}
              </Text>
            )}
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
