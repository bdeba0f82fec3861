import type { RoomServiceClient } from 'livekit-server-sdk';
import type { AppContext } from '../../context';
import { ModuleStateKey } from '../../platform/module-state';

/** The LiveKit room of a channel: unique across workspaces, stable for the channel's life. */
export const liveRoomName = (workspaceId: number, channelId: number) =>
  `ws${workspaceId}-video${channelId}`;

/** Where a person is on the SFU: the channel's room, the user id as identity. */
export type LiveSeat = { workspaceId: number; channelId: number; userId: number };

/** A LiveKit call must not hold a request for long: the SFU is either there or it is not. */
const REQUEST_TIMEOUT_SECONDS = 5;

/**
 * What the server tells the LiveKit SFU in LiveKit mode, so that the rules hold on the media path
 * too and not only in the web app: only the broadcaster may publish, and whoever leaves or is
 * removed from a meeting is cut off from its media. In built-in mode there is no SFU: every call
 * does nothing.
 */
export class LiveRoomControl {
  private clientMade: Promise<RoomServiceClient | undefined> | undefined;

  constructor(private readonly ctx: AppContext) {}

  /** The SFU's API client, made on first use (the SDK is not loaded in built-in mode). */
  private client(): Promise<RoomServiceClient | undefined> {
    this.clientMade ??= (async () => {
      const livekit = this.ctx.config.livekit;
      if (!livekit) return undefined;
      const { RoomServiceClient } = await import('livekit-server-sdk');
      return new RoomServiceClient(livekit.apiUrl, livekit.apiKey, livekit.apiSecret, {
        requestTimeout: REQUEST_TIMEOUT_SECONDS,
      });
    })();
    return this.clientMade;
  }

  /**
   * Grants or withdraws publishing. Throws when granting fails (the claim must not stand without
   * it); withdrawing is best effort, as the person may already be gone.
   */
  async allowPublishing(seat: LiveSeat, allowed: boolean): Promise<void> {
    const client = await this.client();
    if (!client) return;
    const room = liveRoomName(seat.workspaceId, seat.channelId);
    const update = client.updateParticipant(room, String(seat.userId), {
      permission: { canSubscribe: true, canPublish: allowed, canPublishData: false },
    });
    if (allowed) await update;
    else await this.bestEffort('withdraw publishing', update);
  }

  /** Cuts people off from their rooms' media; their current tokens stop working there too. */
  async disconnect(seats: readonly LiveSeat[]): Promise<void> {
    const client = await this.client();
    if (!client) return;
    const revokeTokenTs = BigInt(Math.floor(this.ctx.now().getTime() / 1000));
    await Promise.all(
      seats.map((seat) =>
        this.bestEffort(
          'remove participant',
          client.removeParticipant(
            liveRoomName(seat.workspaceId, seat.channelId),
            String(seat.userId),
            { revokeTokenTs },
          ),
        ),
      ),
    );
  }

  /** Ends the room for everyone (the channel was deleted). */
  async close(workspaceId: number, channelId: number): Promise<void> {
    const client = await this.client();
    if (!client) return;
    await this.bestEffort('delete room', client.deleteRoom(liveRoomName(workspaceId, channelId)));
  }

  /**
   * Failures here are logged, not raised: the database already says who is in the meeting, and a
   * person who never connected to the SFU (or already left it) is "not found" there.
   */
  private async bestEffort(what: string, call: Promise<unknown>): Promise<void> {
    try {
      await call;
    } catch (error) {
      const notThere = (error as { code?: unknown }).code === 'not_found';
      if (!notThere) this.ctx.logger.warn({ err: error }, `LiveKit: could not ${what}`);
    }
  }
}

/** The app's LiveKit control (the video module's state, per app). */
export const liveRoomControlState = new ModuleStateKey(
  'video: LiveKit control',
  (ctx) => new LiveRoomControl(ctx),
);

/** The app's LiveKit control. */
export function liveRoomControl(ctx: AppContext): LiveRoomControl {
  return ctx.moduleState.get(liveRoomControlState);
}
