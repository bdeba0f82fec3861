import { useMemo, useState } from 'react';
import {
  Badge,
  Box,
  Group,
  SegmentedControl,
  SimpleGrid,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconMicrophoneOff, IconScreenShare } from '@tabler/icons-react';
import type { VideoParticipant } from '@teamup/contracts/video';
import { MemberAvatar } from '../../../components/member-avatar';
import { videoKo } from '../../../i18n/ko/video';
import { useSpeakers } from '../hooks/use-speakers';
import type { LocalMedia } from '../lib/local-media';
import classes from './discussion-stage.module.css';
import { StreamVideo } from './stream-video';

const t = videoKo.gallery;

/** One person's place on the stage: what they send and what the tile shows of it. */
export interface StageTile {
  userId: number;
  name: string;
  imageUrl: string | null;
  self: boolean;
  stream: MediaStream | null;
  videoOn: boolean;
  micOn: boolean;
  screen: boolean;
}

/**
 * The tiles of a discussion: one per participant, oneself first. A remote tile's video counts as
 * on only once a picture arrives, so a camera just turned on shows the initials until then.
 */
export function stageTiles(
  participants: readonly VideoParticipant[],
  myId: number,
  local: LocalMedia,
  peerStreams: ReadonlyMap<number, MediaStream>,
): StageTile[] {
  const tiles = participants.map((p): StageTile => {
    if (p.userId === myId) {
      return {
        userId: p.userId,
        name: p.name,
        imageUrl: p.profileImageUrl,
        self: true,
        stream: local.screen ?? local.camera,
        videoOn: Boolean(local.screen ?? local.camera),
        micOn: Boolean(local.mic),
        screen: Boolean(local.screen),
      };
    }
    const stream = peerStreams.get(p.userId) ?? null;
    const pictured = Boolean(stream?.getVideoTracks().some((tr) => tr.readyState === 'live'));
    return {
      userId: p.userId,
      name: p.name,
      imageUrl: p.profileImageUrl,
      self: false,
      stream,
      videoOn: (p.media.camera || p.media.screen) && pictured,
      micOn: p.media.microphone,
      screen: p.media.screen && pictured,
    };
  });
  return [...tiles.filter((tile) => tile.self), ...tiles.filter((tile) => !tile.self)];
}

function Tile({
  tile,
  speaking,
  sinkId,
  large = false,
}: {
  tile: StageTile;
  speaking: boolean;
  sinkId: string;
  large?: boolean;
}) {
  const label = tile.self ? t.you(tile.name) : tile.name;
  return (
    <Box
      pos="relative"
      bg="dark.6"
      h={large ? '100%' : undefined}
      style={{
        aspectRatio: large ? undefined : '16 / 9',
        borderRadius: 'var(--mantine-radius-md)',
        overflow: 'hidden',
        // The speaking ring: drawn inside the tile so the grid does not move when it shows.
        boxShadow: speaking ? 'inset 0 0 0 3px var(--mantine-color-teal-5)' : undefined,
        minWidth: 0,
      }}
      role="group"
      aria-label={tile.self ? t.selfTile : t.tile(tile.name)}
      data-testid="meeting-tile"
      data-user-id={tile.userId}
      data-self={tile.self}
      data-speaking={speaking}
      data-camera={tile.videoOn}
      data-mic={tile.micOn}
    >
      {/* A remote stream plays even with its picture off: its sound comes from this element. */}
      {tile.stream && (tile.videoOn || !tile.self) && (
        <Box h="100%" style={{ visibility: tile.videoOn ? 'visible' : 'hidden' }}>
          <StreamVideo
            stream={tile.stream}
            muted={tile.self}
            mirrored={tile.self && !tile.screen}
            fit={tile.screen ? 'contain' : 'cover'}
            testId="meeting-tile-video"
            label={tile.screen ? t.screenOf(tile.name) : t.tile(tile.name)}
            {...(tile.self ? {} : { sinkId })}
          />
        </Box>
      )}
      {!tile.videoOn && (
        <Box
          pos="absolute"
          inset={0}
          style={{ display: 'grid', placeItems: 'center' }}
          aria-label={t.cameraOff}
          role="img"
        >
          <MemberAvatar
            name={tile.name}
            imageUrl={tile.imageUrl}
            decorative
            size={large ? 96 : 'lg'}
          />
        </Box>
      )}
      <Group
        pos="absolute"
        left={6}
        bottom={6}
        gap={4}
        wrap="nowrap"
        px={6}
        py={2}
        maw="calc(100% - 12px)"
        style={{ background: 'rgba(0, 0, 0, 0.55)', borderRadius: 6 }}
      >
        {!tile.micOn && (
          <IconMicrophoneOff
            size={14}
            color="var(--mantine-color-red-4)"
            aria-label={t.micOff}
            role="img"
            style={{ flexShrink: 0 }}
          />
        )}
        {tile.screen && (
          <IconScreenShare size={14} color="white" aria-hidden style={{ flexShrink: 0 }} />
        )}
        <Text size="xs" c="white" fw={600} truncate="end" miw={0}>
          {label}
        </Text>
        {speaking && <VisuallyHidden>{t.speaking}</VisuallyHidden>}
      </Group>
    </Box>
  );
}

type Layout = 'grid' | 'speaker';

/**
 * The discussion mode's stage (issue 47): a gallery of every participant (oneself mirrored), or a
 * speaker view that follows whoever spoke last; a shared screen is always shown large, with the
 * others beside it (below it on a phone). Mute and camera-off show on each tile, and a ring on
 * whoever speaks.
 */
export function DiscussionStage({
  participants,
  myId,
  local,
  peerStreams,
  sinkId,
  publisherLimit,
}: {
  participants: readonly VideoParticipant[];
  myId: number;
  local: LocalMedia;
  peerStreams: ReadonlyMap<number, MediaStream>;
  sinkId: string;
  publisherLimit: number | null;
}) {
  const [layout, setLayout] = useState<Layout>('grid');
  const tiles = stageTiles(participants, myId, local, peerStreams);
  const micStream = useMemo(() => (local.mic ? new MediaStream([local.mic]) : null), [local.mic]);
  const heard = useMemo(() => {
    const streams = new Map<number, MediaStream | null>(peerStreams);
    streams.set(myId, micStream);
    return streams;
  }, [peerStreams, micStream, myId]);
  const speakers = useSpeakers(heard);
  const publishing = participants.filter(
    (p) => p.media.camera || p.media.microphone || p.media.screen,
  ).length;

  const sharing = tiles.find((tile) => tile.screen && !tile.self) ?? tiles.find((t) => t.screen);
  const spoken =
    tiles.find((tile) => tile.userId === speakers.active && !tile.self) ??
    tiles.find((tile) => !tile.self && tile.videoOn) ??
    tiles.find((tile) => !tile.self);
  const featured = sharing ?? (layout === 'speaker' ? spoken : undefined);
  const others = featured ? tiles.filter((tile) => tile !== featured) : tiles;
  const tile = (item: StageTile, large = false) => (
    <Tile
      key={item.userId}
      tile={item}
      speaking={speakers.speaking.has(item.userId)}
      sinkId={sinkId}
      large={large}
    />
  );

  return (
    <Box data-testid="meeting-discussion" data-layout={featured ? 'featured' : 'grid'}>
      <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
        <SegmentedControl
          size="xs"
          aria-label={t.layout}
          value={layout}
          onChange={(value) => setLayout(value)}
          data={[
            { value: 'grid', label: t.grid },
            { value: 'speaker', label: t.speaker },
          ]}
          data-testid="meeting-layout"
        />
        {publisherLimit !== null && (
          <Badge variant="light" color="gray" data-testid="meeting-publishers">
            {videoKo.modes.publishers(publishing, publisherLimit)}
          </Badge>
        )}
      </Group>
      {featured ? (
        <Box className={classes.featured}>
          <Box h={{ base: 200, sm: 400 }} style={{ flex: '1 1 auto', minWidth: 0 }}>
            {tile(featured, true)}
          </Box>
          {others.length > 0 && (
            <Box className={classes.strip} data-testid="meeting-strip">
              {others.map((item) => tile(item))}
            </Box>
          )}
        </Box>
      ) : (
        <Box mah={{ base: 260, sm: 560 }} style={{ overflowY: 'auto' }}>
          <SimpleGrid
            cols={{
              base: tiles.length === 1 ? 1 : 2,
              md: tiles.length <= 1 ? 1 : tiles.length <= 4 ? 2 : 3,
            }}
            spacing={8}
          >
            {tiles.map((item) => tile(item))}
          </SimpleGrid>
        </Box>
      )}
      {tiles.length === 1 && (
        <Text size="sm" c="dimmed" mt={6} data-testid="meeting-alone">
          {t.alone}
        </Text>
      )}
    </Box>
  );
}
