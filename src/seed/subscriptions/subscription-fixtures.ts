import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Schemas } from '../../contract/schemas.js';
import { packageRoot } from '../../package-root.js';
import type {
  Account,
  OfferingPlanRecord,
  OfferingProductRecord,
  OfferingRecord,
  PaymentAuthority,
  StateAction,
  SubscriptionRecord,
  SubscriptionStatus,
} from '../../store/subscriptions/records.js';
import type { SubscriptionSeed } from './seed-subscriptions.js';

/** The file's shapes: attributes as written, the rest derived on load. */
interface FixtureFile {
  accounts: Account[];
  offerings: {
    id: string;
    attributes: Schemas['OfferingAttributes'];
    products: { id: string; attributes: Omit<OfferingProductRecord, 'id'> }[];
    plans: { id: string; attributes: Omit<OfferingPlanRecord, 'id'> }[];
  }[];
  subscriptions: {
    id: string;
    attributes: {
      external_ref?: string;
      account_id: string;
      address_id?: string;
      offering_id: string;
      plan_id: string;
      currency: string;
      payment_authority?: PaymentAuthority;
      name: string;
      email: string;
    };
    meta: {
      status: SubscriptionStatus;
      timestamps: Schemas['SubscriptionTimestamps'];
      state: { id: string; attributes: { action: StateAction }; meta: Schemas['StateMeta'] };
    };
  }[];
}

export const SUBSCRIPTION_FIXTURES_PATH = join(packageRoot(), 'fixtures', 'subscriptions.json');

/** The fixed-id records of fixtures/subscriptions.json, in every store so tests and demos can name them. */
export function loadSubscriptionFixtures(path = SUBSCRIPTION_FIXTURES_PATH): SubscriptionSeed {
  const file = JSON.parse(readFileSync(path, 'utf8')) as FixtureFile;
  const offerings = file.offerings.map(toOfferingRecord);
  const byId = new Map(offerings.map((offering) => [offering.id, offering]));
  const subscriptions = file.subscriptions.map((subscription): SubscriptionRecord => {
    const { attributes, meta } = subscription;
    const offering = byId.get(attributes.offering_id);
    if (!offering?.plans.some((plan) => plan.id === attributes.plan_id)) {
      throw new Error(`${path}: subscription ${subscription.id} names an unknown offering or plan`);
    }
    const { state, timestamps } = meta;
    return {
      id: subscription.id,
      account_id: attributes.account_id,
      name: attributes.name,
      email: attributes.email,
      external_ref: attributes.external_ref,
      address_id: attributes.address_id,
      offering,
      plan_id: attributes.plan_id,
      currency: attributes.currency,
      payment_authority: attributes.payment_authority,
      status: meta.status,
      state: {
        id: state.id,
        action: state.attributes.action,
        created_at: ms(state.meta.created_at),
        manual_payments: state.meta.manual_payments,
        canceled: state.meta.canceled,
        paused: state.meta.paused,
        closed: state.meta.closed,
        suspended: state.meta.suspended,
        pending: state.meta.pending,
        invoice_after: ms(state.meta.invoice_after),
      },
      created_at: ms(timestamps.created_at),
      updated_at: ms(timestamps.updated_at),
      canceled_at: optionalMs(timestamps.canceled_at),
      paused_at: optionalMs(timestamps.paused_at),
      resumed_at: optionalMs(timestamps.resumed_at),
      end_date: optionalMs(timestamps.end_date),
      go_live_after: optionalMs(timestamps.go_live_after),
      go_live: optionalMs(timestamps.go_live),
    };
  });
  return { accounts: file.accounts, offerings, subscriptions };
}

function toOfferingRecord(fixture: FixtureFile['offerings'][number]): OfferingRecord {
  const { attributes } = fixture;
  return {
    id: fixture.id,
    ...(attributes.external_ref !== undefined && { external_ref: attributes.external_ref }),
    name: attributes.name,
    ...(attributes.description !== undefined && { description: attributes.description }),
    owner: 'store',
    created_at: ms(attributes.created_at),
    updated_at: ms(attributes.updated_at),
    products: fixture.products.map(({ id, attributes: product }) => ({ id, ...product })),
    plans: fixture.plans.map(({ id, attributes: plan }) => ({ id, ...plan })),
  };
}

function ms(text: string): number {
  const value = Date.parse(text);
  if (!Number.isFinite(value)) throw new Error(`fixtures/subscriptions.json: '${text}' is not a date-time`);
  return value;
}

function optionalMs(text: string | undefined): number | undefined {
  return text === undefined ? undefined : ms(text);
}
