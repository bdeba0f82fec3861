import { useEffect, useRef, useState } from 'react';
import { AudioMeter } from '../lib/audio-meter';

/** Louder than this (of 1) is speech rather than a room's hum. */
const SPEAKING_LEVEL = 0.06;
const SAMPLE_MS = 200;
/** A ring stays this long after the last loud sample, so it does not flicker between words. */
const HOLD_MS = 800;

export interface Speakers {
  /** Who is speaking now (their ring shows). */
  speaking: ReadonlySet<number>;
  /** Who spoke last: the speaker view shows them until someone else speaks. */
  active: number | null;
}

const sameSet = (a: ReadonlySet<number>, b: ReadonlySet<number>) =>
  a.size === b.size && [...a].every((id) => b.has(id));

/**
 * Who speaks in a meeting, from the sound of each participant's stream (one's own microphone
 * included), sampled a few times a second. The state changes only when the answer does.
 */
export function useSpeakers(streams: ReadonlyMap<number, MediaStream | null>): Speakers {
  const [speakers, setSpeakers] = useState<Speakers>({ speaking: new Set(), active: null });
  const meterRef = useRef<AudioMeter | null>(null);
  const lastLoud = useRef(new Map<number, number>());

  useEffect(() => {
    const meter = new AudioMeter();
    meterRef.current = meter;
    return () => {
      meter.close();
      meterRef.current = null;
    };
  }, []);

  useEffect(() => {
    const meter = meterRef.current;
    if (!meter) return undefined;
    for (const [id, stream] of streams) meter.watch(String(id), stream);
    meter.keepOnly(new Set([...streams.keys()].map(String)));
    const timer = setInterval(() => {
      const now = Date.now();
      let loudest: { id: number; peak: number } | null = null;
      for (const id of streams.keys()) {
        const peak = meter.peak(String(id));
        if (peak >= SPEAKING_LEVEL) {
          lastLoud.current.set(id, now);
          if (!loudest || peak > loudest.peak) loudest = { id, peak };
        }
      }
      const speaking = new Set(
        [...streams.keys()].filter((id) => now - (lastLoud.current.get(id) ?? 0) < HOLD_MS),
      );
      setSpeakers((before) => {
        const active = loudest?.id ?? (streams.has(before.active ?? -1) ? before.active : null);
        return active === before.active && sameSet(speaking, before.speaking)
          ? before
          : { speaking, active };
      });
    }, SAMPLE_MS);
    return () => clearInterval(timer);
  }, [streams]);

  return speakers;
}
