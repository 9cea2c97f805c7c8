import type {
  Account,
  OfferingRecord,
  PaymentAuthority,
  SubscriptionRecord,
} from '../../store/subscriptions/records.js';
import { SUBSCRIPTIONS_PER_ACCOUNT, seedAccounts } from './seed-accounts.js';
import { offeringPoolSize, planCurrencies, seedOfferings } from './seed-offerings.js';
import { DAY_MS, SEED_REF_MS, SeedRandom } from '../seed-random.js';
import { pickSituation, seedLifecycle } from './seed-subscription-states.js';

/** Seeded subscriptions are created over 700 days ending a month before the ref date, oldest first. */
const SPAN_MS = 700 * DAY_MS;

export interface SubscriptionSeedOptions {
  /** faker seed; the same seed and size give the same data on every run and machine. */
  seed: number;
  /** How many subscriptions to generate (the fixture records come on top). */
  subscriptions: number;
}

export interface SubscriptionSeed {
  accounts: Account[];
  offerings: OfferingRecord[];
  /** In creation order, oldest first. */
  subscriptions: SubscriptionRecord[];
}

/** Accounts, an offering pool and subscriptions in every seeded situation, from faker's generator at a fixed date. */
export function seedSubscriptions(options: SubscriptionSeedOptions): SubscriptionSeed {
  const count = Math.max(0, Math.floor(options.subscriptions));
  const random = new SeedRandom(options.seed);
  const accounts = seedAccounts(random, Math.max(1, Math.ceil(count / SUBSCRIPTIONS_PER_ACCOUNT)));
  const offerings = seedOfferings(random, offeringPoolSize(count));
  // Each plan's currencies, listed once per plan rather than once per subscription.
  const pool = offerings.map((offering) => ({
    offering,
    currencies: offering.plans.map((plan) => planCurrencies(offering, plan)),
  }));
  const subscriptions: SubscriptionRecord[] = [];
  // One slot of the span per subscription, a random moment inside it: creation times strictly increase.
  const slot = Math.floor(SPAN_MS / Math.max(1, count));
  const start = SEED_REF_MS - SPAN_MS - 30 * DAY_MS;
  for (let index = 0; index < count; index += 1) {
    const created = start + index * slot + random.int(0, slot - 1);
    subscriptions.push(seedSubscription(random, index, created, random.pick(accounts), random.pick(pool)));
  }
  return { accounts, offerings, subscriptions };
}

function seedSubscription(
  random: SeedRandom,
  index: number,
  created: number,
  account: Account,
  { offering: entry, currencies: currenciesByPlan }: { offering: OfferingRecord; currencies: string[][] },
): SubscriptionRecord {
  const plan = random.pick(entry.plans);
  const currencies = currenciesByPlan[entry.plans.indexOf(plan)] ?? [];
  const manualPayments = random.chance(0.3);
  const life = seedLifecycle(random, pickSituation(random, index), created, plan);
  return {
    id: random.uuid(),
    account_id: account.id,
    name: account.name,
    email: account.email,
    external_ref: random.chance(0.6) ? random.token(12, 'sub-') : undefined,
    address_id:
      account.address_ids.length > 0 && random.chance(0.8) ? random.pick(account.address_ids) : undefined,
    offering: entry,
    plan_id: plan.id,
    currency: currencies.length > 0 ? random.pick(currencies) : 'USD',
    payment_authority: manualPayments ? undefined : seedPaymentAuthority(random),
    status: life.status,
    state: {
      id: random.uuid(),
      action: life.action,
      created_at: life.stateCreatedAt,
      manual_payments: manualPayments,
      canceled: life.canceled,
      paused: life.paused,
      closed: life.closed,
      suspended: life.suspended,
      pending: life.pending,
      invoice_after: life.invoiceAfter,
    },
    created_at: created,
    updated_at: life.updatedAt,
    canceled_at: life.canceledAt,
    paused_at: life.pausedAt,
    resumed_at: life.resumedAt,
    end_date: life.endDate,
    go_live_after: life.goLiveAfter,
    go_live: life.goLive,
  };
}

function seedPaymentAuthority(random: SeedRandom): PaymentAuthority {
  const customerId = random.token(14, 'cus_');
  return random.chance(0.9)
    ? { type: 'provider_payments_processor', customer_id: customerId, card_id: random.token(14, 'card_') }
    : { type: 'provider_payments_processor', customer_id: customerId };
}
