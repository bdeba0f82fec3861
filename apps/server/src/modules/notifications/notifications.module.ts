import type { AppModule } from '../../platform/module';
import { notificationRoutes } from './notifications.routes';
import { notifyOnDomainEvent } from './notifications.service';

/** Notifications, made from the other modules' domain events. */
export const notificationsModule: AppModule = {
  name: 'notifications',
  routes: notificationRoutes,
  reactions: [notifyOnDomainEvent],
};
