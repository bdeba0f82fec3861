import type {
  MeetingChatEvent,
  MeetingChatLine,
  ShouldOutEvent,
  VideoChannel,
  VideoChannelEvent,
  VideoParticipant,
} from '@teamup/contracts/video';
import type { ChannelView, ChatLineRow, ParticipantView } from './video.repo';

/** `publisherLimit`: how many may publish at once in this channel on this server. */
export function presentChannel(row: ChannelView, publisherLimit: number | null): VideoChannel {
  return {
    id: row.id,
    name: row.name,
    workspaceId: row.workspaceId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    participantCount: row.participantCount,
    broadcasterId: row.broadcasterId,
    teamId: row.teamId,
    teamName: row.teamName,
    mode: row.mode,
    publisherLimit,
  };
}

export function presentParticipant(row: ParticipantView): VideoParticipant {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    joinedAt: row.joinedAt.toISOString(),
    media: { camera: row.camera, microphone: row.microphone, screen: row.screen },
  };
}

export function presentChatLine(row: ChatLineRow): MeetingChatLine {
  return {
    id: row.id,
    senderId: row.senderId,
    senderName: row.senderName,
    senderEmail: row.senderEmail,
    message: row.message,
    sentAt: row.createdAt.toISOString(),
  };
}

// --- live events (`/sub/video/{id}` and `/sub/chat/{id}`) -------------------------------------

/**
 * Who is in the meeting now, as the participants call answers them, and who publishes: the one
 * broadcaster in presentation mode, everyone holding a publisher's place in discussion mode.
 */
export function participantsConfirmed(
  participants: ParticipantView[],
  channel: Pick<ChannelView, 'broadcasterId' | 'mode'>,
): VideoChannelEvent {
  const { broadcasterId, mode } = channel;
  return {
    type: 'GET_PARTICIPANTS_CONFIRMED',
    participants: participants.map(presentParticipant),
    broadcasterId,
    mode,
    publisherIds:
      mode === 'DISCUSSION'
        ? participants.filter((p) => p.publishing).map((p) => p.userId)
        : broadcasterId === null
          ? []
          : [broadcasterId],
  };
}

/** Someone (null: everyone) must leave the meeting. */
export function shouldOut(userId: number | null, reason: ShouldOutEvent['reason']): ShouldOutEvent {
  return { type: 'SHOULD_OUT_CHANNEL', userId, reason };
}

/** The meeting chat's history on entry, oldest first. */
export function chatInit(rows: ChatLineRow[]): MeetingChatEvent {
  return { type: 'init', logs: rows.map(presentChatLine) };
}

/** One new meeting chat line. */
export function chatLine(row: ChatLineRow): MeetingChatEvent {
  return { type: 'chat', ...presentChatLine(row) };
}
