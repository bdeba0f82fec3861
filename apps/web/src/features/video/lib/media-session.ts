/**
 * The media side of a meeting, whichever carries it (built-in peer-to-peer WebRTC or LiveKit).
 * The page decides what to publish; the session sends it and reports what arrives.
 */
export interface MediaSession {
  /** Sends these tracks to everyone (replacing what was sent); an empty list stops sending. */
  publish(tracks: MediaStreamTrack[]): Promise<void>;
  close(): void;
}

export interface MediaSessionEvents {
  /** The remote broadcast as a stream to play, or null when nobody is sending to us. */
  onRemoteStream: (stream: MediaStream | null, fromUserId: number | null) => void;
  /** Discussion mode: what one participant sends (null: nothing any more, or they left). */
  onPeerStream?: (userId: number, stream: MediaStream | null) => void;
  /** Discussion mode: a participant said goodbye (left), before the roster says so. */
  onPeerLeft?: (userId: number) => void;
  /** ICE facts for the connection diagnostics. */
  onCandidate?: (candidate: RTCIceCandidate) => void;
  onCandidateError?: (detail: string) => void;
  onConnectionFailed?: () => void;
}
