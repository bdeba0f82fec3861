import type { AppModule } from '../../platform/module';
import { digestJob, expectDigests } from './digest';
import { notificationRoutes } from './notifications.routes';
import { notifyOnDomainEvent } from './notifications.service';
import { pushHeldJob } from './push-held';
import { pushOutboxState } from './push-outbox';
import { endSessionsSubscriptions } from './push.service';

/**
 * Notifications, made from the other modules' domain events, pushed to the devices people
 * subscribed (a subscription goes with the login session that made it), and the digest mails.
 */
export const notificationsModule: AppModule = {
  name: 'notifications',
  routes: notificationRoutes,
  reactions: [notifyOnDomainEvent],
  jobs: [digestJob, pushHeldJob],
  sessionEndSteps: [endSessionsSubscriptions],
  state: [pushOutboxState],
  background: (ctx) => {
    // A member who goes away gets the digest of what waits after their chosen time away.
    const stopListening = ctx.presence.onChange(async (userId, status) => {
      if (status !== 'OFFLINE') return;
      try {
        await expectDigests(ctx, [userId]);
      } catch (error) {
        ctx.logger.warn({ err: error, userId }, 'digest not scheduled');
      }
    });
    return {
      stop: async () => {
        stopListening();
        await ctx.moduleState.get(pushOutboxState).stop();
      },
    };
  },
};
