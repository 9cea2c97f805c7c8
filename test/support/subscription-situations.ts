// The lifecycle situations a front end can meet in a subscription, read from the response alone, so a test
// can check that a seeded store shows every one of them.

/** The parts of a subscription response the situations are read from. */
export interface Subscription {
  id: string;
  attributes: {
    account_id: string;
    name?: string;
    email?: string;
    external_ref?: string;
    plan_id: string;
    address_id?: string;
    payment_authority?: unknown;
    offering: { relationships?: { plans?: { data: { id: string }[] } } };
  };
  meta: {
    status: string;
    timestamps: Record<string, string>;
    state?: { attributes: { action: string }; meta: Record<string, boolean | string> };
  };
}

/** The situations of decisions.md and the seed, as a front end sees them in a subscription. */
export function situationsOf(subscription: Subscription): string[] {
  const { status, timestamps, state } = subscription.meta;
  const flags = Object.entries(state?.meta ?? {})
    .filter(([key, value]) => value === true && key !== 'manual_payments')
    .map(([key]) => key);
  return [
    `status:${status}`,
    ...flags,
    state === undefined ? 'no state' : `action:${state.attributes.action}`,
    state?.meta.manual_payments === true ? 'manual payments' : 'gateway payments',
    subscription.attributes.address_id === undefined ? 'no address' : 'address',
    ...['go_live_after', 'go_live', 'resumed_at', 'paused_at', 'canceled_at'].filter(
      (key) => key in timestamps,
    ),
  ];
}

/** Every situation a seeded store must show (decisions.md states, both payment kinds, optional fields). */
// prettier-ignore
export const EXPECTED_SITUATIONS = [
  'status:active', 'status:inactive', 'pending', 'paused', 'canceled', 'closed', 'suspended',
  'action:pause', 'action:resume', 'action:cancel', 'action:pending', 'manual payments', 'gateway payments',
  'address', 'no address', 'go_live_after', 'go_live', 'resumed_at', 'paused_at', 'canceled_at',
];
