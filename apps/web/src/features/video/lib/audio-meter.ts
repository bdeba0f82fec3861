/** Above this peak (of 1) a microphone counts as hearing something, not only its own hiss. */
export const HEARD_LEVEL = 0.02;

interface Metered {
  trackId: string;
  source: MediaStreamAudioSourceNode;
  analyser: AnalyserNode;
  samples: Uint8Array<ArrayBuffer>;
}

/**
 * The loudness of several streams' sound through one AudioContext: the pre-join meter and the
 * meeting's speaking rings. A browser without Web Audio (or a test's DOM) reads silence.
 */
export class AudioMeter {
  private readonly context: AudioContext | null;
  private readonly metered = new Map<string, Metered>();
  private readonly resume = () => void this.context?.resume().catch(() => undefined);

  constructor() {
    const Context = window.AudioContext as typeof AudioContext | undefined;
    this.context = Context ? new Context() : null;
    // A page opened from a link, without a click, starts its sound suspended: the first click or
    // key lets it run.
    this.resume();
    document.addEventListener('pointerdown', this.resume, { once: true });
    document.addEventListener('keydown', this.resume, { once: true });
  }

  /** Meters the stream's sound under `key` (null or no sound: stops metering it). */
  watch(key: string, stream: MediaStream | null): void {
    const track = stream?.getAudioTracks()[0];
    const now = this.metered.get(key);
    if (now && now.trackId === track?.id) return;
    if (now) {
      now.source.disconnect();
      this.metered.delete(key);
    }
    if (!track || !this.context) return;
    const analyser = this.context.createAnalyser();
    analyser.fftSize = 512;
    const source = this.context.createMediaStreamSource(new MediaStream([track]));
    source.connect(analyser);
    this.metered.set(key, {
      trackId: track.id,
      source,
      analyser,
      samples: new Uint8Array(analyser.fftSize),
    });
  }

  /** Stops metering every key not in `keep`. */
  keepOnly(keep: ReadonlySet<string>): void {
    for (const key of [...this.metered.keys()]) if (!keep.has(key)) this.watch(key, null);
  }

  /** The peak of each metered stream's latest samples, 0 (silence) to 1. */
  peak(key: string): number {
    const metered = this.metered.get(key);
    if (!metered) return 0;
    metered.analyser.getByteTimeDomainData(metered.samples);
    let peak = 0;
    for (const sample of metered.samples) peak = Math.max(peak, Math.abs(sample - 128) / 128);
    return peak;
  }

  close(): void {
    for (const key of [...this.metered.keys()]) this.watch(key, null);
    document.removeEventListener('pointerdown', this.resume);
    document.removeEventListener('keydown', this.resume);
    void this.context?.close().catch(() => undefined);
  }
}
