import type { AppModule } from '../../platform/module';
import { deliveryJob } from './deliveries';
import { deliverDomainEvents } from './outgoing.service';
import { webhookRoutes } from './webhooks.routes';

/** Webhooks (issue 46, decision 0052): outgoing deliveries of workspace events, incoming posts. */
export const webhooksModule: AppModule = {
  name: 'webhooks',
  routes: webhookRoutes,
  reactions: [deliverDomainEvents],
  jobs: [deliveryJob],
};
