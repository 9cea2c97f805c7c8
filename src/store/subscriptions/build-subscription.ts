import { addIntervals } from './billing-interval.js';
import { FieldReader, isJsonObject, type BodyProblem, type JsonObject } from './field-reader.js';
import { readInlineOffering } from './read-inline-offering.js';
import { readPaymentAuthority } from './read-payment-authority.js';
import type { OfferingEntry, SubscriptionRecord } from './subscription-record.js';
import type { OfferingPlan } from './subscription-resources.js';

const DATA = '/data';
const CURRENCY = /^[A-Z]{3}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export interface BuildContext {
  findOffering(id: string): OfferingEntry | undefined;
  newId(): string;
  /** Creation time, epoch ms. */
  now: number;
}

export type BuildOutcome =
  | { ok: true; subscription: SubscriptionRecord; newOffering: OfferingEntry | undefined }
  | { ok: false; problems: BodyProblem[] };

/**
 * A new subscription from the flat creation body's `data` (BuildSubscription), by decisions.md's
 * "Create and update": an existing or inline offering, a plan of it, owner `store`, status from `pending`,
 * invoice_after = start + trial. Every broken rule is reported with its JSON Pointer.
 * Of the body's `meta`, only the planned times `timestamps.go_live_after` and `timestamps.end_date` are
 * taken; owner, status and state are the store's to set.
 */
export function buildSubscription(data: unknown, context: BuildContext): BuildOutcome {
  const reader = new FieldReader();
  if (!isJsonObject(data))
    return { ok: false, problems: [{ pointer: DATA, detail: 'data must be an object' }] };
  const accountId = reader.requiredString(data, 'account_id', DATA, { min: 1 });
  const name = reader.requiredString(data, 'name', DATA, { min: 3, max: 1024 });
  const email = reader.requiredString(data, 'email', DATA, {
    min: 3,
    max: 1024,
    pattern: EMAIL,
    expected: 'an email address of 3 to 1024 characters',
  });
  const currency = reader.requiredString(data, 'currency', DATA, {
    pattern: CURRENCY,
    expected: 'a three-letter uppercase ISO currency code such as USD',
  });
  if (data.manual_payments === undefined)
    reader.problem(`${DATA}/manual_payments`, 'manual_payments is required');
  const manualPayments = reader.boolean(data, 'manual_payments', DATA);
  const pending = reader.boolean(data, 'pending', DATA) ?? false;
  const externalRef = reader.string(data, 'external_ref', DATA, { max: 2048 });
  const addressId = reader.string(data, 'address_id', DATA, { min: 1 });
  const paymentAuthority = readPaymentAuthority(reader, data, 'payment_authority', DATA);
  const planned = plannedTimes(reader, data);
  const chosen = chooseOffering(reader, data, context);
  const plan = chosen && choosePlan(reader, data, chosen.entry, chosen.selectedPlanId);
  if (
    reader.problems.length > 0 ||
    !chosen ||
    !plan ||
    accountId === undefined ||
    name === undefined ||
    email === undefined ||
    currency === undefined ||
    manualPayments === undefined
  ) {
    return { ok: false, problems: reader.problems };
  }
  const { now } = context;
  const {
    billing_interval_type: unit,
    trial_period: trial,
    plan_length: length,
    billing_frequency: frequency,
  } = plan.attributes;
  // A pending subscription starts billing when it goes live, if that time is known.
  const start = pending && planned.goLiveAfter !== undefined ? planned.goLiveAfter : now;
  const closes = plan.attributes.end_behavior === 'close';
  const invoiceAfter = addIntervals(start, unit, trial ?? 0);
  const endDate = planned.endDate ?? (closes ? addIntervals(start, unit, length * frequency) : undefined);
  // A plan's lengths are only bounded below by the contract; times they lead to must still be dates, or the
  // record could be stored but never rendered (every list page holding it would fail).
  const planPointer = chosen.inline
    ? `${DATA}/offering/plans/${planIndex(chosen.entry, plan)}`
    : `${DATA}/plan_id`;
  if (!isRepresentableTime(invoiceAfter))
    reader.problem(`${planPointer}${chosen.inline ? '/trial_period' : ''}`, TIME_RANGE(`the trial period`));
  if (endDate !== undefined && !isRepresentableTime(endDate))
    reader.problem(`${planPointer}${chosen.inline ? '/plan_length' : ''}`, TIME_RANGE('the plan length'));
  if (reader.problems.length > 0) return { ok: false, problems: reader.problems };
  const subscription: SubscriptionRecord = {
    id: context.newId(),
    account_id: accountId,
    name,
    email,
    external_ref: externalRef,
    address_id: addressId,
    offering: chosen.entry,
    plan_id: plan.id,
    currency,
    payment_authority: paymentAuthority,
    status: pending ? 'inactive' : 'active',
    state: {
      id: context.newId(),
      action: pending ? 'pending' : 'resume',
      created_at: now,
      manual_payments: manualPayments,
      canceled: false,
      paused: false,
      closed: false,
      suspended: false,
      pending,
      invoice_after: invoiceAfter,
    },
    created_at: now,
    updated_at: now,
    canceled_at: undefined,
    paused_at: undefined,
    resumed_at: undefined,
    end_date: endDate,
    go_live_after: planned.goLiveAfter,
    go_live: undefined,
  };
  return { ok: true, subscription, newOffering: chosen.inline ? chosen.entry : undefined };
}

// JavaScript dates reach 8.64e15 ms either side of 1970.
const MAX_TIME_MS = 8.64e15;
const isRepresentableTime = (ms: number): boolean => Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME_MS;
const TIME_RANGE = (what: string) =>
  `${what} leads past the latest representable date (year 275760); use a smaller number of intervals`;

function planIndex(offering: OfferingEntry, plan: OfferingPlan): number {
  return offering.plans.findIndex((candidate) => candidate.id === plan.id);
}

function plannedTimes(reader: FieldReader, data: JsonObject): { goLiveAfter?: number; endDate?: number } {
  const meta = reader.object(data, 'meta', DATA);
  const timestamps = meta && reader.object(meta, 'timestamps', `${DATA}/meta`);
  if (!timestamps) return {};
  const at = `${DATA}/meta/timestamps`;
  return {
    goLiveAfter: reader.dateTime(timestamps, 'go_live_after', at),
    endDate: reader.dateTime(timestamps, 'end_date', at),
  };
}

interface ChosenOffering {
  entry: OfferingEntry;
  inline: boolean;
  selectedPlanId: string | undefined;
}

/** The offering by `offering_id`, or a new one from the inline `offering`; exactly one of them. */
function chooseOffering(
  reader: FieldReader,
  data: JsonObject,
  context: BuildContext,
): ChosenOffering | undefined {
  const offeringId = reader.string(data, 'offering_id', DATA, { min: 1 });
  const inline = reader.object(data, 'offering', DATA);
  if (data.offering_id !== undefined && data.offering !== undefined) {
    reader.problem(
      `${DATA}/offering`,
      'give either offering_id (an existing offering) or offering (inline), not both',
    );
    return undefined;
  }
  if (offeringId !== undefined) {
    const entry = context.findOffering(offeringId);
    if (entry) return { entry, inline: false, selectedPlanId: undefined };
    reader.problem(`${DATA}/offering_id`, `offering_id '${offeringId.slice(0, 64)}' is not a known offering`);
    return undefined;
  }
  if (inline) {
    const read = readInlineOffering(
      reader,
      inline,
      `${DATA}/offering`,
      context,
      new Date(context.now).toISOString(),
    );
    return read && { entry: read.entry, inline: true, selectedPlanId: read.selectedPlanId };
  }
  if (data.offering_id === undefined && data.offering === undefined) {
    reader.problem(
      DATA,
      'an offering is required: give offering_id (an existing offering) or offering (inline, with at least one product and one plan)',
    );
  }
  return undefined;
}

/** `plan_id` when it is a plan of the offering; else the inline plan flagged selected; else the first. */
function choosePlan(
  reader: FieldReader,
  data: JsonObject,
  entry: OfferingEntry,
  selectedPlanId: string | undefined,
): OfferingPlan | undefined {
  const planId = reader.string(data, 'plan_id', DATA, { min: 1 });
  if (planId !== undefined) {
    const plan = entry.plans.find((candidate) => candidate.id === planId);
    if (!plan)
      reader.problem(`${DATA}/plan_id`, `plan_id '${planId.slice(0, 64)}' is not a plan of the offering`);
    return plan;
  }
  return entry.plans.find((candidate) => candidate.id === selectedPlanId) ?? entry.plans[0];
}
