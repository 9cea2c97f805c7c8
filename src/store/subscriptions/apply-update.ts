import type { RuleBroken, UpdateSubscriptionCommand } from './commands.js';
import type { SubscriptionRecord } from './records.js';

export type UpdateOutcome =
  { ok: true; subscription: SubscriptionRecord } | { ok: false; broken: RuleBroken[] };

/** The subscription after an update: only given fields change; null clears address_id and go_live_after. */
export function applyUpdate(
  current: SubscriptionRecord,
  command: UpdateSubscriptionCommand,
  updatedAt: number,
): UpdateOutcome {
  const {
    plan_id: planId,
    address_id: addressId,
    payment_authority: paymentAuthority,
    go_live_after: goLiveAfter,
  } = command;
  if (planId !== undefined && !current.offering.plans.some((plan) => plan.id === planId)) {
    const detail = `plan_id '${planId.slice(0, 64)}' is not a plan of the subscription's offering`;
    return { ok: false, broken: [{ field: ['plan_id'], detail }] };
  }
  const subscription: SubscriptionRecord = {
    ...current,
    updated_at: updatedAt,
    ...(planId !== undefined && { plan_id: planId }),
    ...(addressId !== undefined && { address_id: addressId ?? undefined }),
    ...(paymentAuthority !== undefined && { payment_authority: paymentAuthority }),
    ...(goLiveAfter !== undefined && { go_live_after: goLiveAfter ?? undefined }),
  };
  return { ok: true, subscription };
}
