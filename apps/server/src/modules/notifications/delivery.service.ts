import type { DeliverySettings } from '@teamup/contracts/delivery';
import type { AppContext } from '../../context';
import * as repo from './delivery.repo';
import { choiceOf, presentDelivery } from './delivery.presenter';
import { digestSettingsChanged } from './digest';

/* How notifications reach a member who is away: the digest mail and quiet hours (issue 43). */

export async function deliverySettings(ctx: AppContext, userId: number): Promise<DeliverySettings> {
  return presentDelivery(await repo.deliveryOf(ctx.database.db, userId));
}

/** Replaces the member's settings (validated by the contract: known zone, real times). */
export async function updateDeliverySettings(
  ctx: AppContext,
  userId: number,
  settings: DeliverySettings,
): Promise<DeliverySettings> {
  const saved = presentDelivery(
    await repo.saveDelivery(ctx.database.db, choiceOf(userId, settings, ctx.now())),
  );
  await digestSettingsChanged(ctx, userId, saved);
  return saved;
}
