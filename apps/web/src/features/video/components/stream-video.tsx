import { useEffect, useRef, useState } from 'react';
import { Box, Button } from '@mantine/core';
import { IconVolume } from '@tabler/icons-react';
import { videoKo } from '../../../i18n/ko/video';

const t = videoKo;

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
