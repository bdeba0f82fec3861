import { webhookEndpoints as endpoints } from '@teamup/contracts/webhooks';
import type { AppContext } from '../../context';
import { routesFor } from '../../platform/http/define-route';
import { originOf } from '../../platform/http/request-origin';
import type { Guard, TypedApp } from '../../platform/http/types';
import { requireModerator } from '../workspaces/membership.service';
import * as incoming from './incoming.service';
import * as outgoing from './outgoing.service';

/** A workspace's outgoing webhooks, a room's incoming ones, and the URL integrations post to. */
export async function webhookRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'webhooks');
  const moderators = {
    access: ({ params, userId }: { params: { id: number }; userId: number }) =>
      requireModerator(ctx, params.id, userId),
  };

  route(endpoints.listOutgoing, ({ userId, params }) =>
    outgoing.listOutgoing(ctx, userId, params.id),
  );
  route(
    endpoints.createOutgoing,
    ({ userId, params, body, request }) =>
      outgoing.createOutgoing(ctx, userId, params.id, body, originOf(request)),
    { ...moderators, message: '웹훅을 만들었습니다. 서명 비밀값은 지금만 볼 수 있습니다.' },
  );
  route(
    endpoints.updateOutgoing,
    ({ userId, params, body }) =>
      outgoing.updateOutgoing(ctx, userId, params.id, params.webhookId, body),
    moderators,
  );
  route(endpoints.deleteOutgoing, ({ userId, params, request }) =>
    outgoing.deleteOutgoing(ctx, userId, params.id, params.webhookId, originOf(request)),
  );
  route(endpoints.pingOutgoing, ({ userId, params }) =>
    outgoing.pingOutgoing(ctx, userId, params.id, params.webhookId),
  );
  route(endpoints.deliveries, ({ userId, params }) =>
    outgoing.listDeliveries(ctx, userId, params.id, params.webhookId),
  );

  route(endpoints.listIncoming, ({ userId, params }) =>
    incoming.listIncoming(ctx, userId, params.workspaceId, params.roomId),
  );
  route(
    endpoints.createIncoming,
    ({ userId, params, body, request }) =>
      incoming.createIncoming(
        ctx,
        userId,
        params.workspaceId,
        params.roomId,
        body.name,
        originOf(request),
      ),
    {
      access: ({ params, userId }) =>
        incoming.requireRoomAdmin(ctx, userId, params.workspaceId, params.roomId),
      message: '수신 웹훅을 만들었습니다. 주소는 지금만 볼 수 있습니다.',
    },
  );
  route(endpoints.deleteIncoming, ({ userId, params, request }) =>
    incoming.deleteIncoming(
      ctx,
      userId,
      params.workspaceId,
      params.roomId,
      params.webhookId,
      originOf(request),
    ),
  );
  route(endpoints.post, ({ params, body }) =>
    incoming.postThroughWebhook(ctx, params.token, body.text),
  );
}
