import { ErrorCode } from '@teamup/contracts/error-codes';
import { PRESENCE_DESTINATION, reportPresenceSchema } from '@teamup/contracts/presence';
import { badRequest } from '../../platform/errors/app-error';
import type { LiveContribution } from '../../platform/realtime/contribution';
import { reportPresence } from './presence.service';

/** STOMP SEND `/app/presence` with `{"status": "AWAY"}`: the same report as PUT /presence/me. */
export const presenceLive: LiveContribution = {
  stomp: (ctx) => ({
    subscription: () => undefined,
    send(destination, session) {
      if (destination !== PRESENCE_DESTINATION) return undefined;
      return async (body) => {
        const parsed = reportPresenceSchema.safeParse(body);
        if (!parsed.success) {
          throw badRequest(
            ErrorCode.VALIDATION_FAILED,
            parsed.error.issues[0]?.message ?? '요청 값이 올바르지 않습니다.',
          );
        }
        await reportPresence(ctx, session.userId, parsed.data.status);
      };
    },
  }),
};
