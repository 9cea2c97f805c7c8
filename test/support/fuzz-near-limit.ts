import fc from 'fast-check';
import {
  CREATE_EXAMPLES,
  FIXED,
  UPDATE_EXAMPLE,
  serializeMutated,
  type Mutation,
} from './fuzz-arbitraries.js';
import { SUBSCRIPTIONS, printable } from './fuzz-requests.js';
import type { RawRequest } from './send-raw.js';

// Bodies near the body limit (1 MiB) for the fuzz test's bound on one request's work (issue 16, point 1):
// long arrays, deep nesting, long strings and wide objects, spliced into a valid create or update body at one
// place, sized to land just under the limit (now and then just over it, for a 413).

export const BODY_LIMIT = 1024 * 1024;
/** A JSON value text of at most `room` bytes (about that many, unless a cap stops it earlier). */
type Fill = (room: number) => string;
type Segment = string | number;

const STRING_UNITS = ['x', 'é', '😀', '\\u0000', '\\"', '\\ud800', '\\\\', ' '];
const stringOf =
  (unit: string): Fill =>
  (room) =>
    `"${unit.repeat(Math.max(0, Math.floor((room - 2) / Buffer.byteLength(unit))))}"`;
const longString = fc.constantFrom(...STRING_UNITS).map(stringOf);

const ITEMS = [
  '0',
  '1.5',
  '-1e308',
  'null',
  'true',
  '"ab"',
  `"${'y'.repeat(200)}"`,
  '{}',
  '[]',
  '{"name":"x"}',
  '[0]',
];
const longArray = fc.constantFrom(...ITEMS).map((item): Fill => (room) => {
  const fits = Math.max(0, Math.floor((room - 2) / (Buffer.byteLength(item) + 1)));
  // Up to 350,000 objects fit: more values than a body may hold, refused before JSON.parse (decisions.md, Bounds).
  return `[${new Array<string>(fits).fill(item).join(',')}]`;
});

/** Nesting around a long string: about the depth bound (32), or as deep as the room allows. */
const deepNesting = fc
  .tuple(
    fc.oneof(fc.integer({ min: 20, max: 40 }), fc.constant(Number.POSITIVE_INFINITY)),
    fc.constantFrom(['[', ']'], ['{"a":', '}']),
    fc.constantFrom(...STRING_UNITS),
  )
  .map(([depth, [open = '[', close = ']'], unit]): Fill => (room) => {
    const levels = Math.min(depth, Math.floor((room - 2) / (open.length + close.length)));
    const inner = stringOf(unit)(room - levels * (open.length + close.length));
    return open.repeat(levels) + inner + close.repeat(levels);
  });

/** An object of many members, each a string sharing the room. */
const wideObject = fc.integer({ min: 100, max: 100_000 }).map((keys): Fill => (room) => {
  const member = Math.floor((room - 2) / keys);
  const value = 'v'.repeat(Math.max(0, member - `"k${keys}":"",`.length));
  return `{${Array.from({ length: keys }, (_, at) => `"k${at}":"${value}"`).join(',')}}`;
});

/** A value of about `room` bytes: a long array, deep nesting, a long string or a wide object. */
const bigValue: fc.Arbitrary<Fill> = fc.oneof(longArray, deepNesting, longString, wideObject);

const MARKER = '@@VALUE@@';
const CREATE = CREATE_EXAMPLES[0] ?? { data: {} };
const UPDATE = { data: { ...UPDATE_EXAMPLE.data, id: FIXED.subscriptions.subscription_id } };
const replace = (path: Segment[]): Mutation => ({ kind: 'replace', path, text: MARKER });
const add = (path: Segment[]): Mutation => ({ kind: 'add', path, key: 'extra', text: MARKER });
// prettier-ignore
const PLACES: { method: 'POST' | 'PUT'; body: unknown; mutation: Mutation }[] = [
  ...[[], ['data'], ['data', 'name'], ['data', 'email'], ['data', 'payment_authority'], ['data', 'offering', 'plans'],
    ['data', 'offering', 'products'], ['data', 'offering', 'plans', 0, 'name'], ['data', 'offering', 'products', 0, 'price'],
    ['data', 'offering', 'plans', 0, 'meta']].map((path) => ({ method: 'POST' as const, body: CREATE, mutation: replace(path) })),
  { method: 'POST', body: CREATE, mutation: add(['data']) },
  { method: 'POST', body: CREATE, mutation: add(['data', 'offering']) },
  ...[[], ['data'], ['data', 'id'], ['data', 'attributes'], ['data', 'attributes', 'plan_id'],
    ['data', 'attributes', 'go_live_after']].map((path) => ({ method: 'PUT' as const, body: UPDATE, mutation: replace(path) })),
  { method: 'PUT', body: UPDATE, mutation: add(['data', 'attributes']) },
];

/** The whole body's size: mostly within the last quarter below the limit, sometimes just past it. */
const bodySize = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: BODY_LIMIT - 256 * 1024, max: BODY_LIMIT }) },
  { weight: 1, arbitrary: fc.integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT + 64 * 1024 }) },
);

/**
 * A create or update whose body is a valid example with one value replaced (or added) by a big one, the whole
 * body about the size drawn.
 * @example fc.sample(nearLimitRequest, 1)[0].body.length // about 1,000,000
 */
export const nearLimitRequest: fc.Arbitrary<RawRequest> = fc
  .tuple(fc.constantFrom(...PLACES), bigValue, bodySize)
  .map(([{ method, body, mutation }, fill, size]) => {
    const skeleton = serializeMutated(body, mutation);
    const room = size - (Buffer.byteLength(skeleton) - MARKER.length);
    const path =
      method === 'POST' ? SUBSCRIPTIONS : `${SUBSCRIPTIONS}/${FIXED.subscriptions.subscription_id}`;
    return printable({
      method,
      path,
      headers: { 'content-type': 'application/json' },
      body: skeleton.replace(MARKER, () => fill(room)),
    });
  });
