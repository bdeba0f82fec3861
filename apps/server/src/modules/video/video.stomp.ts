import { Topics } from '@teamup/contracts/events';
import { ErrorCode } from '@teamup/contracts/error-codes';
import { Limits } from '@teamup/contracts/limits';
import {
  MeetingDestinations,
  meetingChatSendSchema,
  sendsOut,
  signalSendSchema,
} from '@teamup/contracts/video';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors/app-error';
import type { LiveContribution } from '../../platform/realtime/contribution';
import { destinationIds, type StompDestinations } from '../../platform/realtime/stomp-destinations';
import * as video from './meeting.service';
import * as videoChannels from './video.service';

/**
 * Who is connected to which meeting on this instance. Every few seconds their participant rows
 * are marked as seen, and anyone not seen for the grace period (on any instance) is removed.
 */
export class MeetingPresence {
  /** `${channelId}:${userId}` → open `/sub/video` subscriptions of this instance. */
  private readonly held = new Map<string, number>();
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: AppContext) {
    this.timer = setInterval(() => {
      this.running = this.tick();
    }, Limits.videoPresenceTouchSeconds * 1000);
    this.timer.unref();
  }

  /** Marks the participant present now and keeps doing so until the answer is called. */
  hold(channelId: number, userId: number): () => void {
    const key = `${channelId}:${userId}`;
    this.held.set(key, (this.held.get(key) ?? 0) + 1);
    void video.touchPresence(this.ctx, [{ channelId, userId }]).catch(() => undefined);
    return () => {
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    };
  }

  /** One round: mark who is connected here, remove who is gone everywhere. */
  async tick(): Promise<void> {
    try {
      const pairs = [...this.held.keys()].map((key) => {
        const [channelId, userId] = key.split(':').map(Number) as [number, number];
        return { channelId, userId };
      });
      await video.touchPresence(this.ctx, pairs);
      await video.sweepAbsent(this.ctx);
    } catch (error) {
      this.ctx.logger.warn({ err: error }, 'meeting presence round failed');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}

const idIn = (pattern: RegExp, destination: string) => destinationIds(pattern.exec(destination))[0];

/**
 * SHOULD_OUT_CHANNEL goes to the person sent out only (or to everyone when the meeting ends):
 * the spec's client leaves the meeting on any SHOULD_OUT_CHANNEL it receives.
 */
const forThisListener = (event: Record<string, unknown>, userId: number) =>
  event['type'] !== 'SHOULD_OUT_CHANNEL' || sendsOut(event, userId);

function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw badRequest(ErrorCode.VALIDATION_FAILED, parsed.error.issues[0]?.message ?? 'invalid');
  }
  return parsed.data;
}

/**
 * Meeting destinations of spec 02 section 7: `/sub/chat/{roomId}` (history on entry, then chat),
 * `/sub/video/{roomId}` (participant events; the subscription is the presence), `/pub/chat/{roomId}`
 * (`init` or `chat`), and for built-in WebRTC `/pub/signal/{roomId}` → `/user/queue/signal`.
 */
export function meetingDestinations(ctx: AppContext, presence: MeetingPresence): StompDestinations {
  return {
    subscription(destination, session) {
      if (destination === MeetingDestinations.signalQueue) {
        return { topic: Topics.videoSignal(session.userId), allowed: async () => true };
      }
      const chatId = idIn(/^\/sub\/chat\/(\d+)$/, destination);
      if (chatId !== undefined) {
        return {
          topic: Topics.meetingChat(chatId),
          allowed: () => video.mayListen(ctx, chatId, session.userId),
          opened: async (deliver) => deliver(await video.chatHistory(ctx, chatId)),
          endsAfter: (event) => sendsOut(event, session.userId),
          isFor: (event) => forThisListener(event, session.userId),
        };
      }
      const videoId = idIn(/^\/sub\/video\/(\d+)$/, destination);
      if (videoId !== undefined) {
        return {
          topic: Topics.videoChannel(videoId),
          allowed: () => video.mayListen(ctx, videoId, session.userId),
          // Who is in the meeting as the subscription starts: a join announced between the
          // client's own look-up and this moment would otherwise never reach it, and two people
          // entering at once would each miss the other (their browsers would never connect).
          opened: async (deliver) => {
            const release = presence.hold(videoId, session.userId);
            const now = await videoChannels.participantsNow(ctx, videoId);
            if (now) deliver(now);
            return release;
          },
          endsAfter: (event) => sendsOut(event, session.userId),
          isFor: (event) => forThisListener(event, session.userId),
        };
      }
      return undefined;
    },
    send(destination, session) {
      const chatId = idIn(/^\/pub\/chat\/(\d+)$/, destination);
      if (chatId !== undefined) {
        return async (body) => {
          const input = parseBody(meetingChatSendSchema, body);
          if (input.type === 'init') {
            if (!(await video.mayListen(ctx, chatId, session.userId))) {
              throw badRequest(ErrorCode.VIDEO_NOT_PARTICIPANT, 'not allowed');
            }
            session.deliver(MeetingDestinations.chat(chatId), await video.chatHistory(ctx, chatId));
            return;
          }
          await video.sendMeetingChat(ctx, session.userId, chatId, input.message);
        };
      }
      const signalId = idIn(/^\/pub\/signal\/(\d+)$/, destination);
      if (signalId !== undefined) {
        return async (body) => {
          await video.relaySignal(ctx, session.userId, signalId, parseBody(signalSendSchema, body));
        };
      }
      return undefined;
    },
  };
}

/** The meeting's live side: its STOMP destinations, with the presence they keep while open. */
export const videoLive: LiveContribution = {
  stomp: (ctx) => {
    const presence = new MeetingPresence(ctx);
    return { ...meetingDestinations(ctx, presence), stop: () => presence.stop() };
  },
};
