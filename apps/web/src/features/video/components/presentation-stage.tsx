import { Box, Center, Stack, Text } from '@mantine/core';
import { videoKo } from '../../../i18n/ko/video';
import type { LocalMedia } from '../lib/local-media';
import { SelfView, StreamVideo } from './stream-video';

const t = videoKo;

/**
 * A presentation's stage (spec 02 "Video meeting screen"): the broadcaster's picture as it comes
 * in; else a note that this account broadcasts from another tab; else one's own screen or camera
 * as sent; else an empty stage. One's own camera stays in view while the stage shows another.
 */
export function PresentationStage({
  remote,
  remoteName,
  elsewhere,
  local,
  sinkId,
}: {
  remote: { stream: MediaStream; from: number | null } | null;
  remoteName: string;
  /** This account broadcasts from another tab. */
  elsewhere: boolean;
  local: LocalMedia;
  /** The speaker chosen in the device picker ('' for the default). */
  sinkId: string;
}) {
  const stage = remote ? (
    <StreamVideo
      stream={remote.stream}
      muted={false}
      sinkId={sinkId}
      testId="meeting-stage-remote"
      label={t.stageRemote(remoteName)}
    />
  ) : elsewhere ? (
    <Center h="100%" p="md">
      <Stack gap={4} align="center" ta="center" data-testid="meeting-stage-elsewhere">
        <Text c="white" fw={600}>
          {t.stageElsewhere}
        </Text>
        <Text c="gray.4" size="sm">
          {t.stageElsewhereHint}
        </Text>
      </Stack>
    </Center>
  ) : local.screen ? (
    <StreamVideo
      stream={local.screen}
      muted
      testId="meeting-stage-screen"
      label={t.stageOwnScreen}
    />
  ) : local.camera ? (
    <StreamVideo
      stream={local.camera}
      muted
      mirrored
      testId="meeting-stage-camera"
      label={t.stageOwnCamera}
    />
  ) : (
    <Center h="100%" p="md">
      <Text c="gray.4" ta="center" data-testid="meeting-stage-empty">
        {t.stageEmpty}
      </Text>
    </Center>
  );
  return (
    <Box
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      bg="dark.7"
      h={{ base: 240, sm: 420 }}
      pos="relative"
      data-testid="meeting-stage"
    >
      {stage}
      {local.camera && (remote || local.screen) && <SelfView stream={local.camera} />}
    </Box>
  );
}
