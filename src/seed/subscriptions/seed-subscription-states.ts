import { addIntervals } from '../../store/calendar.js';
import type {
  OfferingPlanRecord,
  StateAction,
  SubscriptionStatus,
} from '../../store/subscriptions/records.js';
import { DAY_MS, SEED_REF_MS, type SeedRandom } from '../seed-random.js';

/** The contract names statuses, actions and flags but no transitions: each situation is a consistent mix. */
export const SEEDED_SITUATIONS = [
  'active',
  'inactive',
  'pending',
  'live',
  'paused',
  'resumed',
  'canceled',
  'closed',
  'suspended',
] as const;
export type SeededSituation = (typeof SEEDED_SITUATIONS)[number];

/** Half of the store runs normally; the rest spreads over the other situations. */
const WEIGHTS: Record<SeededSituation, number> = {
  active: 40,
  inactive: 6,
  pending: 8,
  live: 8,
  paused: 8,
  resumed: 8,
  canceled: 10,
  closed: 6,
  suspended: 6,
};
const TABLE = SEEDED_SITUATIONS.flatMap((situation) =>
  Array<SeededSituation>(WEIGHTS[situation]).fill(situation),
);

/** The first subscriptions take each situation in turn, so even a small store shows all of them. */
export function pickSituation(random: SeedRandom, index: number): SeededSituation {
  return SEEDED_SITUATIONS[index] ?? random.pick(TABLE);
}

/** The lifecycle fields of a seeded subscription: status, state (without id and payment flag) and times. */
export interface SeededLifecycle {
  status: SubscriptionStatus;
  action: StateAction;
  stateCreatedAt: number;
  canceled: boolean;
  paused: boolean;
  closed: boolean;
  suspended: boolean;
  pending: boolean;
  invoiceAfter: number;
  updatedAt: number;
  canceledAt: number | undefined;
  pausedAt: number | undefined;
  resumedAt: number | undefined;
  endDate: number | undefined;
  goLiveAfter: number | undefined;
  goLive: number | undefined;
}

/** The lifecycle of a subscription created at `created` on `plan`, in `situation`; every time before the ref date except planned ones. */
export function seedLifecycle(
  random: SeedRandom,
  situation: SeededSituation,
  created: number,
  plan: OfferingPlanRecord,
): SeededLifecycle {
  const {
    billing_interval_type: unit,
    trial_period: trial,
    plan_length: length,
    billing_frequency: frequency,
  } = plan;
  const between = (from: number, to: number): number => from + random.int(0, Math.max(0, to - from));
  const lifecycle: SeededLifecycle = {
    status: 'active',
    action: 'resume',
    stateCreatedAt: created,
    canceled: false,
    paused: false,
    closed: false,
    suspended: false,
    pending: false,
    invoiceAfter: addIntervals(created, unit, trial ?? 0),
    updatedAt: created,
    canceledAt: undefined,
    pausedAt: undefined,
    resumedAt: undefined,
    endDate: plan.end_behavior === 'close' ? addIntervals(created, unit, length * frequency) : undefined,
    goLiveAfter: undefined,
    goLive: undefined,
  };
  switch (situation) {
    case 'active':
      break;
    case 'inactive':
      lifecycle.status = 'inactive';
      break;
    case 'pending':
      Object.assign(lifecycle, { status: 'inactive', action: 'pending', pending: true });
      lifecycle.goLiveAfter = SEED_REF_MS + random.int(1, 60) * DAY_MS;
      break;
    case 'live':
      lifecycle.goLiveAfter = between(created, Math.min(created + 30 * DAY_MS, SEED_REF_MS - 1));
      lifecycle.goLive = lifecycle.goLiveAfter + random.int(0, 3_600_000);
      lifecycle.stateCreatedAt = lifecycle.goLive;
      break;
    case 'paused':
      Object.assign(lifecycle, { status: 'inactive', action: 'pause', paused: true });
      lifecycle.pausedAt = between(created, SEED_REF_MS - 1);
      lifecycle.stateCreatedAt = lifecycle.pausedAt;
      break;
    case 'resumed':
      lifecycle.pausedAt = between(created, SEED_REF_MS - 2);
      lifecycle.resumedAt = between(lifecycle.pausedAt + 1, SEED_REF_MS - 1);
      lifecycle.stateCreatedAt = lifecycle.resumedAt;
      break;
    case 'canceled':
      Object.assign(lifecycle, { status: 'inactive', action: 'cancel', canceled: true });
      lifecycle.canceledAt = between(created, SEED_REF_MS - 1);
      lifecycle.stateCreatedAt = lifecycle.canceledAt;
      lifecycle.endDate = addIntervals(lifecycle.canceledAt, unit, frequency);
      break;
    case 'closed':
      Object.assign(lifecycle, { status: 'inactive', closed: true });
      lifecycle.endDate = between(created, SEED_REF_MS - 1);
      lifecycle.stateCreatedAt = lifecycle.endDate;
      break;
    case 'suspended':
      Object.assign(lifecycle, { status: 'inactive', suspended: true });
      lifecycle.stateCreatedAt = between(created, SEED_REF_MS - 1);
      break;
  }
  lifecycle.updatedAt = Math.max(created, lifecycle.stateCreatedAt);
  return lifecycle;
}
