import { isJsonObject as isObject } from '../contract/json-pointer.js';
import type { Validate } from '../contract/violation.js';
import { thrownMessage } from './state-file-place.js';
import { quoteInput } from '../query/query-problem.js';
import { encodeSubscription } from '../resources/subscriptions/subscription-resource.js';
import { planOf, type OfferingRecord, type SubscriptionRecord } from '../store/subscriptions/records.js';

/** A subscription as a state file keeps it: its offering by id (the seed or a create line holds it). */
export type StoredSubscription = Omit<SubscriptionRecord, 'offering'> & { offering_id: string };
export type StoredWrite = {
  kind: 'create' | 'update';
  subscription: StoredSubscription;
  offering?: OfferingRecord;
};
/** One change of a state file, after its first line (the header). */
export type StateLine =
  | { session: string; write: StoredWrite }
  | { session: string; event: 'reset' | 'drop' }
  | { session: string; event: 'snapshot' | 'restore' | 'forget'; name: string };

/** The API's own rules (the admin spec's Name, the contract's Subscription): what the API refuses, the file may not hold. */
export type LineRules = { name: Validate; subscription: Validate };

const UNNAMED_EVENTS = ['reset', 'drop'] as const;
const NAMED_EVENTS = ['snapshot', 'restore', 'forget'] as const;
const EVENTS = [...UNNAMED_EVENTS, ...NAMED_EVENTS];
const isOneOf = <T extends string>(list: readonly T[], text: string): text is T =>
  list.some((item) => item === text);
// Every member a stored subscription has (tsc keeps this in step with the record): others are refused.
const SUBSCRIPTION_MEMBERS: Record<
  keyof StoredSubscription,
  'required' | 'optional' | 'time' | 'optional time'
> = {
  id: 'required',
  account_id: 'required',
  name: 'required',
  email: 'required',
  external_ref: 'optional',
  address_id: 'optional',
  offering_id: 'required',
  plan_id: 'required',
  currency: 'required',
  payment_authority: 'optional',
  status: 'required',
  state: 'required',
  created_at: 'time',
  updated_at: 'time',
  canceled_at: 'optional time',
  paused_at: 'optional time',
  resumed_at: 'optional time',
  end_date: 'optional time',
  go_live_after: 'optional time',
  go_live: 'optional time',
};
const REQUIRED = Object.entries(SUBSCRIPTION_MEMBERS)
  .filter(([, kind]) => kind === 'required' || kind === 'time')
  .map(([key]) => key);
// The times the store computes with, in epoch ms: a text here would sort and render wrongly, or throw.
const TIMES: readonly { at: string; of: (record: SubscriptionRecord) => unknown; optional?: true }[] = [
  ...Object.entries(SUBSCRIPTION_MEMBERS)
    .filter(([, kind]) => kind.endsWith('time'))
    .map(([key, kind]) => ({
      at: `subscription.${key}`,
      of: (record: SubscriptionRecord) => (record as unknown as Record<string, unknown>)[key],
      ...(kind === 'optional time' && { optional: true as const }),
    })),
  { at: 'subscription.state.created_at', of: (record) => record.state.created_at },
  { at: 'subscription.state.invoice_after', of: (record) => record.state.invoice_after },
  { at: 'offering.created_at', of: (record) => record.offering.created_at },
  { at: 'offering.updated_at', of: (record) => record.offering.updated_at },
];
// Date's own range: past it no time text can be written.
const LAST_MS = 8.64e15;

/** One parsed line of a state file as a change, or the words saying what is wrong with its shape or names. */
export function readStateLine(value: unknown, rules: LineRules): StateLine | string {
  if (!isObject(value)) return `is ${kindOf(value)}, not a JSON object`;
  const kind = 'write' in value ? 'write' : 'event' in value ? 'event' : undefined;
  if (kind === undefined) return 'has neither "write" nor "event"';
  const allowed = kind === 'write' ? ['session', 'write'] : ['session', 'event', 'name'];
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknown !== undefined) return `has an unknown member ${shown(unknown)}`;
  const { session } = value;
  if (typeof session !== 'string') return `has a session that is ${kindOf(session)}, not a text`;
  const sessionProblem = session === '' ? undefined : nameProblem(session, rules);
  if (sessionProblem !== undefined) return `has a session name ${sessionProblem}`;
  if (kind === 'write') {
    const write = writeOf(value.write);
    return typeof write === 'string' ? write : { session, write };
  }
  const event = value.event;
  if (typeof event === 'string' && isOneOf(UNNAMED_EVENTS, event))
    return 'name' in value ? `has a name, which a ${event} has not` : { session, event };
  if (typeof event !== 'string' || !isOneOf(NAMED_EVENTS, event))
    return `has an unknown event ${typeof event === 'string' ? shown(event) : kindOf(event)} (known: ${EVENTS.join(', ')})`;
  const { name } = value;
  if (typeof name !== 'string') return `has a ${event} whose name is ${kindOf(name)}, not a text`;
  const problem = nameProblem(name, rules);
  if (problem !== undefined) return `has a snapshot name ${problem}`;
  return { session, event, name };
}

/** What keeps a stored subscription from being served: times not in epoch ms, or a resource off the contract. */
export function recordProblem(record: SubscriptionRecord, rules: LineRules): string | undefined {
  if (!isObject(record.state)) return 'has a subscription whose state is not an object';
  if (!isObject(record.offering)) return 'has an offering that is not an object';
  for (const time of TIMES) {
    const ms = time.of(record);
    if (ms === undefined && time.optional === true) continue;
    if (!(typeof ms === 'number' && Number.isSafeInteger(ms) && Math.abs(ms) <= LAST_MS))
      return `has ${time.at} ${typeof ms === 'string' ? shown(ms) : typeof ms === 'number' ? String(ms) : kindOf(ms)}, not a time in epoch milliseconds`;
  }
  if (!Array.isArray(record.offering.plans) || planOf(record) === undefined)
    return `has a subscription whose plan ${shown(String(record.plan_id))} is not one of its offering's plans`;
  let violations;
  try {
    violations = rules.subscription(encodeSubscription(record));
  } catch (error) {
    return `has a subscription that cannot be answered (${thrownMessage(error)})`;
  }
  const [first] = violations;
  if (first === undefined) return undefined;
  const more = violations.length > 1 ? ` (and ${violations.length - 1} more)` : '';
  return `has a subscription the API could not answer: ${first.detail}${more}`;
}

function writeOf(write: unknown): StoredWrite | string {
  if (!isObject(write)) return `has a write that is ${kindOf(write)}, not an object`;
  const unknownWrite = Object.keys(write).find((key) => !['kind', 'subscription', 'offering'].includes(key));
  if (unknownWrite !== undefined) return `has a write with an unknown member ${shown(unknownWrite)}`;
  const { kind, subscription, offering } = write;
  if (kind !== 'create' && kind !== 'update')
    return `has a write whose kind is ${typeof kind === 'string' ? shown(kind) : kindOf(kind)}, not create or update`;
  if (!isObject(subscription)) return `has a ${kind} whose subscription is ${kindOf(subscription)}`;
  const unknown = Object.keys(subscription).find((key) => !Object.hasOwn(SUBSCRIPTION_MEMBERS, key));
  if (unknown !== undefined) return `has a subscription with an unknown member ${shown(unknown)}`;
  const missing = REQUIRED.filter((key) => subscription[key] === undefined);
  if (missing.length > 0) return `has a subscription without ${missing.join(', ')}`;
  if (typeof subscription.offering_id !== 'string')
    return 'has a subscription whose offering_id is not a text';
  if (offering !== undefined && (kind === 'update' || !isObject(offering)))
    return kind === 'update' ? 'has an update with an offering' : 'has an offering that is not an object';
  if (offering !== undefined && offering.id !== subscription.offering_id)
    return `has an offering ${shown(String(offering.id))} that is not its subscription's (${shown(subscription.offering_id)})`;
  return {
    kind,
    subscription: subscription as unknown as StoredSubscription,
    ...(offering !== undefined && { offering: offering as unknown as OfferingRecord }),
  };
}

function nameProblem(name: string, rules: LineRules): string | undefined {
  const [first] = rules.name(name);
  return first === undefined
    ? undefined
    : `${shown(name)} the API refuses (it ${first.detail.replace(/^the body /, '')})`;
}

/** Client text cut short and escaped: a line break must not break the one line of the error. */
function shown(text: string): string {
  return quoteInput(JSON.stringify(text).slice(1, -1));
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
