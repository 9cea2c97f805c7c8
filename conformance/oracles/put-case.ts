import type { Prng } from '../prng.js';
import { jsonAt } from './json-at.js';

/** The attributes an update body may send (interface.md, Update a subscription), as one generated PUT sends them. */
export interface PutAttributes {
  plan_id: string;
  address_id?: string | null;
  go_live_after?: string | null;
  payment_authority?: { type: 'provider_payments_processor'; customer_id?: string; card_id?: string };
}

/**
 * Where each member shows in the listed subscription, and what it may change beside itself: a plan switch
 * moves the plan relationship and may move the next invoice (decisions.md: invoice_after = start + the plan's
 * trial). Every write moves updated_at.
 */
const MAY_CHANGE: Readonly<Record<keyof PutAttributes, readonly string[]>> = {
  plan_id: ['/attributes/plan_id', '/attributes/relationships/plan', '/meta/state/meta/invoice_after'],
  address_id: ['/attributes/address_id'],
  go_live_after: ['/meta/timestamps/go_live_after', '/attributes/go_live_after'],
  payment_authority: ['/attributes/payment_authority'],
};
const SERVER_SET = ['/meta/timestamps/updated_at'];

/** The members a PUT may leave out; case n leaves out the n-th in turn, so every one is left out across cases. */
export const OPTIONAL_MEMBERS = ['address_id', 'go_live_after', 'payment_authority'] as const;

/**
 * A PUT drawn from the update body's members: always a plan_id (the current plan or the other one, so a server
 * that needs it gets it), `leftOut` never, each other member absent, set, or cleared with null where the
 * contract allows it.
 */
export function drawPut(
  random: Prng,
  plans: readonly [string, string],
  leftOut: (typeof OPTIONAL_MEMBERS)[number],
): PutAttributes {
  const put: PutAttributes = { plan_id: random.pick(plans) };
  const choice = (member: (typeof OPTIONAL_MEMBERS)[number]) => (member === leftOut ? 0 : random.int(0, 2));
  const address = choice('address_id');
  if (address === 1) put.address_id = random.uuid();
  if (address === 2) put.address_id = null;
  const goLive = choice('go_live_after');
  if (goLive === 1)
    put.go_live_after = new Date(Date.UTC(2030, random.int(0, 11), random.int(1, 28))).toISOString();
  if (goLive === 2) put.go_live_after = null;
  if (choice('payment_authority') > 0) {
    put.payment_authority = { type: 'provider_payments_processor', customer_id: `cus_${random.string(10)}` };
    if (random.int(0, 1) === 1) put.payment_authority.card_id = `card_${random.string(10)}`;
  }
  return put;
}

/** Smaller PUTs to try when one breaks a rule: one member fewer each (plan_id stays). */
export function putShrinkCandidates(failing: PutAttributes): PutAttributes[] {
  return (Object.keys(failing) as Array<keyof PutAttributes>)
    .filter((member) => member !== 'plan_id')
    .map((member) => {
      const smaller = { ...failing };
      delete smaller[member];
      return smaller;
    });
}

/** Every leaf of a JSON value by JSON pointer, its value as JSON text. */
export function leaves(value: unknown, pointer = ''): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (node: unknown, at: string) => {
    if (node !== null && typeof node === 'object') {
      const entries = Array.isArray(node)
        ? node.map((item, i) => [String(i), item] as const)
        : Object.entries(node);
      if (entries.length === 0) found.set(at, JSON.stringify(node));
      for (const [key, item] of entries)
        visit(item, `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);
      return;
    }
    found.set(at, JSON.stringify(node));
  };
  visit(value, pointer);
  return found;
}

/** Pointers whose leaf differs between two records (present in one only, or another value), outside `allowed`. */
export function changedOutside(before: unknown, after: unknown, put: PutAttributes): string[] {
  const allowed = [
    ...SERVER_SET,
    ...(Object.keys(put) as Array<keyof PutAttributes>).flatMap((m) => MAY_CHANGE[m]),
  ];
  const inside = (pointer: string) =>
    allowed.some((prefix) => pointer === prefix || pointer.startsWith(`${prefix}/`));
  const was = leaves(before);
  const is = leaves(after);
  const pointers = new Set([...was.keys(), ...is.keys()]);
  return [...pointers].filter((pointer) => !inside(pointer) && was.get(pointer) !== is.get(pointer)).sort();
}

/**
 * Members of the PUT the listed record shows otherwise than asked (a time compared as an instant). An optional
 * member a response leaves out shows nothing either way (interface.md lets a server omit it), so only a value
 * that differs is wrong; plan_id is required, so it must show.
 */
export function notShown(record: unknown, put: PutAttributes): Array<keyof PutAttributes> {
  const wrong: Array<keyof PutAttributes> = [];
  if (jsonAt(record, 'attributes', 'plan_id') !== put.plan_id) wrong.push('plan_id');
  const address = jsonAt(record, 'attributes', 'address_id') ?? null;
  if (put.address_id !== undefined && address !== null && address !== put.address_id)
    wrong.push('address_id');
  const goLive =
    jsonAt(record, 'meta', 'timestamps', 'go_live_after') ??
    jsonAt(record, 'attributes', 'go_live_after') ??
    null;
  if (put.go_live_after !== undefined && goLive !== null) {
    const same =
      put.go_live_after !== null &&
      typeof goLive === 'string' &&
      Date.parse(goLive) === Date.parse(put.go_live_after);
    if (!same) wrong.push('go_live_after');
  }
  if (put.payment_authority !== undefined) {
    const shown = jsonAt(record, 'attributes', 'payment_authority');
    const sent = Object.entries(put.payment_authority);
    const differs = ([key, value]: [string, unknown]) => {
      const at = jsonAt(shown, key);
      return at !== undefined && at !== value;
    };
    if (sent.some(differs)) wrong.push('payment_authority');
  }
  return wrong;
}
