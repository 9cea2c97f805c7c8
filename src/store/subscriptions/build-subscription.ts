import { addIntervals } from '../calendar.js';
import type { CreateSubscriptionCommand, InlineOfferingCommand, RuleBroken } from './commands.js';
import type { OfferingPlanRecord, OfferingRecord, SubscriptionRecord } from './records.js';

export interface BuildContext {
  findOffering: (id: string) => OfferingRecord | undefined;
  newId: () => string;
  /** Creation time, epoch ms. */
  now: number;
}

export type BuildOutcome =
  | { ok: true; subscription: SubscriptionRecord; newOffering: OfferingRecord | undefined }
  | { ok: false; broken: RuleBroken[] };

// JavaScript dates reach 8.64e15 ms either side of 1970.
const MAX_TIME_MS = 8.64e15;
const isRepresentableTime = (ms: number): boolean => Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME_MS;
const pastLastDate = (what: string) =>
  `${what} leads past the latest representable date (year 275760); use a smaller number of intervals`;

/** A new subscription by decisions.md's "Create and update", reporting every broken rule. */
export function buildSubscription(command: CreateSubscriptionCommand, context: BuildContext): BuildOutcome {
  const broken: RuleBroken[] = [];
  const chosen = chooseOffering(command, context, broken);
  const plan = chosen && choosePlan(command, chosen, broken);
  if (chosen === undefined || plan === undefined) return { ok: false, broken };
  const { now } = context;
  const { pending } = command;
  const {
    billing_interval_type: unit,
    trial_period: trial = 0,
    plan_length: length,
    billing_frequency: frequency,
  } = plan;
  // A pending subscription starts billing when it goes live, if that time is known.
  const start = pending && command.go_live_after !== undefined ? command.go_live_after : now;
  const invoiceAfter = addIntervals(start, unit, trial);
  const closes = plan.end_behavior === 'close';
  const endDate = command.end_date ?? (closes ? addIntervals(start, unit, length * frequency) : undefined);
  // Lengths are bounded below only: their times must still be dates, or the record could never render.
  const planField = chosen.inline ? ['offering', 'plans', chosen.offering.plans.indexOf(plan)] : ['plan_id'];
  if (!isRepresentableTime(invoiceAfter))
    broken.push({
      field: chosen.inline ? [...planField, 'trial_period'] : planField,
      detail: pastLastDate('the trial period'),
    });
  if (endDate !== undefined && !isRepresentableTime(endDate))
    broken.push({
      field: chosen.inline ? [...planField, 'plan_length'] : planField,
      detail: pastLastDate('the plan length'),
    });
  if (broken.length > 0) return { ok: false, broken };
  const subscription: SubscriptionRecord = {
    id: context.newId(),
    account_id: command.account_id,
    name: command.name,
    email: command.email,
    external_ref: command.external_ref,
    address_id: command.address_id,
    offering: chosen.offering,
    plan_id: plan.id,
    currency: command.currency,
    payment_authority: command.payment_authority,
    status: pending ? 'inactive' : 'active',
    state: {
      id: context.newId(),
      action: pending ? 'pending' : 'resume',
      created_at: now,
      manual_payments: command.manual_payments,
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
    go_live_after: command.go_live_after,
    go_live: undefined,
  };
  return { ok: true, subscription, newOffering: chosen.inline ? chosen.offering : undefined };
}

interface ChosenOffering {
  offering: OfferingRecord;
  inline: boolean;
  selectedPlanId: string | undefined;
}

/** The offering by `offering_id`, or a new one from the inline `offering`; exactly one of them. */
function chooseOffering(
  command: CreateSubscriptionCommand,
  context: BuildContext,
  broken: RuleBroken[],
): ChosenOffering | undefined {
  const { offering_id: offeringId, offering: inline } = command;
  if (offeringId !== undefined && inline !== undefined) {
    broken.push({
      field: ['offering'],
      detail: 'give either offering_id (an existing offering) or offering (inline), not both',
    });
    return undefined;
  }
  if (offeringId !== undefined) {
    const offering = context.findOffering(offeringId);
    if (offering !== undefined) return { offering, inline: false, selectedPlanId: undefined };
    broken.push({
      field: ['offering_id'],
      detail: `offering_id '${offeringId.slice(0, 64)}' is not a known offering`,
    });
    return undefined;
  }
  if (inline !== undefined) return inlineOffering(inline, context);
  broken.push({
    field: [],
    detail:
      'an offering is required: give offering_id (an existing offering) or offering (inline, with at least one product and one plan)',
  });
  return undefined;
}

/** A new offering from the inline command: generated ids, owner `store`, created now. */
function inlineOffering(command: InlineOfferingCommand, context: BuildContext): ChosenOffering {
  const { newId, now } = context;
  const id = newId();
  const products = command.products.map((product) => ({ id: newId(), ...product }));
  let selectedPlanId: string | undefined;
  const plans = command.plans.map(({ selected, ...plan }) => {
    const record: OfferingPlanRecord = { id: newId(), ...plan };
    if (selected && selectedPlanId === undefined) selectedPlanId = record.id;
    return record;
  });
  const { external_ref: externalRef, name, description } = command;
  const offering: OfferingRecord = {
    id,
    ...(externalRef !== undefined && { external_ref: externalRef }),
    name,
    ...(description !== undefined && { description }),
    owner: 'store',
    created_at: now,
    updated_at: now,
    products,
    plans,
  };
  return { offering, inline: true, selectedPlanId };
}

/** `plan_id` when it is a plan of the offering; else the inline plan flagged selected; else the first. */
function choosePlan(
  command: CreateSubscriptionCommand,
  chosen: ChosenOffering,
  broken: RuleBroken[],
): OfferingPlanRecord | undefined {
  const { plans } = chosen.offering;
  if (command.plan_id !== undefined) {
    const plan = plans.find((candidate) => candidate.id === command.plan_id);
    if (plan === undefined)
      broken.push({
        field: ['plan_id'],
        detail: `plan_id '${command.plan_id.slice(0, 64)}' is not a plan of the offering`,
      });
    return plan;
  }
  const plan = plans.find((candidate) => candidate.id === chosen.selectedPlanId) ?? plans[0];
  if (plan === undefined)
    broken.push({ field: ['offering', 'plans'], detail: 'the offering has no plan to subscribe to' });
  return plan;
}
