import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '../../test/support/fixture-ids.js';
import { seededSubscriptions } from '../../test/support/seeded-subscriptions.js';
import { loadAdminSpec } from '../contract/spec-document.js';
import { specValidators } from '../contract/validators.js';
import type { SubscriptionRecord } from '../store/subscriptions/records.js';
import { readStateLine, recordProblem, type LineRules } from './state-file-lines.js';

const rules: LineRules = {
  name: specValidators(loadAdminSpec()).schema('Name'),
  subscription: specValidators().schema('Subscription'),
};
const seeded = seededSubscriptions({ seed: 3, subscriptions: 20 });
const record = seeded.records.find(
  (one) => one.id === FIXTURE_IDS.subscriptions.subscription_id,
) as SubscriptionRecord;
const { offering, ...rest } = record;
const stored = { ...rest, offering_id: offering.id };
const write = { kind: 'create', subscription: stored };

describe('readStateLine', () => {
  const cases: { title: string; value: unknown; problem?: RegExp }[] = [
    { title: 'a create of a whole record is a change', value: { session: '', write } },
    { title: 'a reset of a named session is a change', value: { session: 'worker-1', event: 'reset' } },
    { title: 'a session the API accepts, __proto__ too', value: { session: '__proto__', event: 'drop' } },
    {
      title: 'a snapshot with a name is a change',
      value: { session: '', event: 'snapshot', name: 'before.v2' },
    },
    { title: 'an array is refused', value: [1, 2], problem: /^is an array, not a JSON object$/ },
    { title: 'a number is refused', value: 7, problem: /^is a number, not a JSON object$/ },
    { title: 'null is refused', value: null, problem: /^is null, not a JSON object$/ },
    { title: 'an object of neither kind', value: { session: '' }, problem: /neither "write" nor "event"/ },
    {
      title: 'a session the API refuses, a path',
      value: { session: '../../etc', event: 'reset' },
      problem: /^has a session name '\.\.\/\.\.\/etc' the API refuses \(it must be 1 to 64 letters/,
    },
    {
      title: 'a session of 100,000 characters, shown cut short',
      value: { session: 'a'.repeat(100_000), event: 'reset' },
      problem: /^has a session name 'a{40}\.\.\.' the API refuses/,
    },
    {
      title: 'a session with a line break, shown escaped',
      value: { session: 'a\nb', event: 'reset' },
      problem: /^has a session name 'a\\nb' the API refuses/,
    },
    {
      title: 'a session that is not a text',
      value: { session: 5, event: 'reset' },
      problem: /^has a session that is a number, not a text$/,
    },
    {
      title: 'a snapshot name with markup',
      value: { session: '', event: 'snapshot', name: '<img src=x onerror=alert(1)>' },
      problem: /^has a snapshot name '<img src=x onerror=alert\(1\)>' the API refuses/,
    },
    {
      title: 'a restore without a name',
      value: { session: '', event: 'restore' },
      problem: /^has a restore whose name is missing, not a text$/,
    },
    {
      title: 'an unknown event, never read as a drop',
      value: { session: 'worker-1', event: 'explode' },
      problem: /^has an unknown event 'explode' \(known: reset, drop, snapshot, restore, forget\)$/,
    },
    {
      title: 'a member no line has',
      value: { session: '', event: 'reset', __proto__x: 1 },
      problem: /^has an unknown member '__proto__x'$/,
    },
    {
      title: 'a write of another kind',
      value: { session: '', write: { ...write, kind: 'delete' } },
      problem: /^has a write whose kind is 'delete', not create or update$/,
    },
    {
      title: 'a write whose subscription is an array',
      value: { session: '', write: { kind: 'create', subscription: [] } },
      problem: /^has a create whose subscription is an array$/,
    },
    {
      title: 'a create of almost no members names every one missing',
      value: {
        session: '',
        write: { kind: 'create', subscription: { id: stored.id, offering_id: stored.offering_id } },
      },
      problem:
        /^has a subscription without account_id, name, email, plan_id, currency, status, state, created_at, updated_at$/,
    },
    {
      title: 'a subscription with a member no record has',
      value: { session: '', write: { kind: 'create', subscription: { ...stored, admin: true } } },
      problem: /^has a subscription with an unknown member 'admin'$/,
    },
    {
      title: 'an update that carries an offering',
      value: { session: '', write: { kind: 'update', subscription: stored, offering } },
      problem: /^has an update with an offering$/,
    },
    {
      title: "an offering that is not the subscription's",
      value: {
        session: '',
        write: { kind: 'create', subscription: stored, offering: { ...offering, id: 'other' } },
      },
      problem: /^has an offering 'other' that is not its subscription's/,
    },
  ];
  it.each(cases)('$title', ({ value, problem }) => {
    const read = readStateLine(value, rules);
    if (problem === undefined) expect(typeof read).toBe('object');
    else expect(read).toMatch(problem);
  });

  it('keeps the members of a valid line as they are', () => {
    expect(readStateLine({ session: 'w', write }, rules)).toEqual({ session: 'w', write });
  });
});

describe('recordProblem', () => {
  const cases: { title: string; change: Record<string, unknown>; problem?: RegExp }[] = [
    { title: 'a seeded record holds', change: {} },
    {
      title: 'a created_at that is a text is refused',
      change: { created_at: 'yesterday' },
      problem: /^has subscription\.created_at 'yesterday', not a time in epoch milliseconds$/,
    },
    {
      title: 'a created_at past the range of dates is refused',
      change: { created_at: 9e15 },
      problem: /^has subscription\.created_at 9000000000000000, not a time/,
    },
    {
      title: 'a missing updated_at is refused',
      change: { updated_at: undefined },
      problem: /^has subscription\.updated_at missing, not a time/,
    },
    {
      title: 'an optional time may be missing',
      change: { canceled_at: undefined },
    },
    {
      title: 'a state that is not an object is refused',
      change: { state: 'on' },
      problem: /^has a subscription whose state is not an object$/,
    },
    {
      title: "a state's time that is a text is refused",
      change: { state: { ...record.state, invoice_after: '2026' } },
      problem: /^has subscription\.state\.invoice_after '2026'/,
    },
    {
      title: "a plan that is not the offering's is refused",
      change: { plan_id: '00000000-0000-4000-8000-000000000000' },
      problem: /^has a subscription whose plan '00000000-0000-4000-8000-000000000000' is not one of/,
    },
    {
      title: 'a name the API would not answer with is refused',
      change: { name: 'x' },
      problem: /^has a subscription the API could not answer: \/attributes\/name .*3/,
    },
    {
      title: 'an email that is a number is refused',
      change: { email: 42 },
      problem: /^has a subscription the API could not answer: \/attributes\/email/,
    },
    {
      title: 'a record of almost no members is refused',
      change: Object.fromEntries(Object.keys(rest).map((key) => [key, undefined])),
      problem: /^has a subscription whose state is not an object$/,
    },
  ];
  it.each(cases)('$title', ({ change, problem }) => {
    const changed = { ...record, ...change };
    const found = recordProblem(changed, rules);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(problem);
  });
});
