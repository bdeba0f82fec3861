import type { LocalTrack } from 'livekit-client';
import {
  LocalAudioTrack,
  LocalVideoTrack,
  Room,
  RoomEvent,
  type RemoteParticipant,
  type RemoteTrack,
} from 'livekit-client';
import type { MediaSession, MediaSessionEvents } from './media-session';

const PUBLISH_GRANT_WAIT_MS = 5000;

/** The name a LiveKit participant carries in its metadata (spec 02 section 3: JSON with userName). */
export function nameFromMetadata(metadata: string | undefined): string | null {
  if (!metadata) return null;
  try {
    const parsed = JSON.parse(metadata) as { userName?: unknown };
    return typeof parsed.userName === 'string' ? parsed.userName : null;
  } catch {
    return null;
  }
}

/**
 * LiveKit mode: one Room connection to the SFU with the token from join-conference. Publishing
 * replaces the local tracks; every remote track is gathered into one stream per sender.
 */
export class LivekitMedia implements MediaSession {
  private readonly room = new Room({ adaptiveStream: true, dynacast: true });
  private published: LocalTrack[] = [];
  private readonly remote = new Map<string, MediaStream>();

  constructor(private readonly events: MediaSessionEvents) {
    this.room.on(RoomEvent.TrackSubscribed, (track: RemoteTrack, _pub, participant) => {
      const stream = this.streamOf(participant);
      stream.addTrack(track.mediaStreamTrack);
      const userId = Number(participant.identity) || null;
      this.events.onRemoteStream(stream, userId);
      if (userId !== null) this.events.onPeerStream?.(userId, stream);
    });
    this.room.on(RoomEvent.TrackUnsubscribed, (track: RemoteTrack, _pub, participant) => {
      const stream = this.streamOf(participant);
      stream.removeTrack(track.mediaStreamTrack);
      const userId = Number(participant.identity) || null;
      const empty = stream.getTracks().length === 0;
      if (empty) {
        this.remote.delete(participant.identity);
        this.events.onRemoteStream(null, null);
      }
      if (userId !== null) this.events.onPeerStream?.(userId, empty ? null : stream);
    });
    this.room.on(RoomEvent.Disconnected, () => this.events.onRemoteStream(null, null));
  }

  connect(url: string, token: string): Promise<void> {
    return this.room.connect(url, token);
  }

  async publish(tracks: MediaStreamTrack[]): Promise<void> {
    for (const track of this.published) {
      await this.room.localParticipant.unpublishTrack(track, false);
    }
    if (tracks.length > 0) await this.publishingAllowed();
    this.published = tracks.map((track) =>
      track.kind === 'video'
        ? new LocalVideoTrack(track, undefined, true)
        : new LocalAudioTrack(track, undefined, true),
    );
    // Simulcast: the SFU forwards each viewer the layer its tile and network can take (a gallery
    // of small tiles costs the sender one full picture, not one per viewer).
    for (const track of this.published) {
      await this.room.localParticipant.publishTrack(track, { simulcast: true });
    }
  }

  close(): void {
    void this.room.disconnect();
  }

  /**
   * The server grants publishing on the SFU when our broadcast claim wins; the grant reaches this
   * connection a moment after the claim's answer, so wait for it rather than be refused.
   */
  private publishingAllowed(): Promise<void> {
    const participant = this.room.localParticipant;
    if (participant.permissions?.canPublish) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.room.off(RoomEvent.ParticipantPermissionsChanged, changed);
        reject(new Error('publishing was not granted'));
      }, PUBLISH_GRANT_WAIT_MS);
      const changed = () => {
        if (!participant.permissions?.canPublish) return;
        clearTimeout(timer);
        this.room.off(RoomEvent.ParticipantPermissionsChanged, changed);
        resolve();
      };
      this.room.on(RoomEvent.ParticipantPermissionsChanged, changed);
    });
  }

  private streamOf(participant: RemoteParticipant): MediaStream {
    let stream = this.remote.get(participant.identity);
    if (!stream) {
      stream = new MediaStream();
      this.remote.set(participant.identity, stream);
    }
    return stream;
  }
}
