import {
  ALL_OPERATIONS,
  type Check,
  type CheckContext,
  type Failure,
  type OperationRequest,
} from '../check.js';
import { CONTRACT, NEVER_5XX, runOption } from '../citations.js';
import { inParallel } from '../in-parallel.js';
import type { Exchange } from '../client.js';
import { validCreateBody } from '../create-body.js';
import type { Prng } from '../prng.js';
import { setPath } from '../rejection-case.js';
import { catalogParams } from '../shared-requests.js';

/** Requests per fuzz check: enough to shake a parser, few enough for a staging run. */
export const FUZZ_REQUESTS = 12;

const ODD_CHARACTERS = 'aZ09 ()[],:\'"\\%&=+;/?#éß✓😀\t<>{}*!~-._';

/** Odd but sendable header text: visible ASCII only (other bytes are refused by the HTTP client itself). */
const HEADER_CHARACTERS = 'aZ09 ()[],:;=*-_.q\'"\\/?';

/** A query value a parser might trip on: numbers at and beyond limits, odd text, filter-like shapes. */
export function oddValue(random: Prng): string {
  switch (random.int(0, 7)) {
    case 0:
      return String(random.int(-5, 20_000));
    case 1:
      return random.pick(['99999999999999999999999', '-0', '1e3', '0x10', '1.5', 'NaN', 'Infinity', '']);
    case 2:
      return random.string(random.int(1, 40), ODD_CHARACTERS);
    case 3:
      return 'x'.repeat(random.int(1000, 5000));
    case 4: {
      const op = random.pick(['eq', 'in', 'like', 'EQ', '']);
      const attribute = random.pick(['name', 'email', 'sku', 'tags', 'id', 'account_id', random.string(5)]);
      const values = Array.from({ length: random.int(0, 4) }, () =>
        random.string(random.int(0, 8), ODD_CHARACTERS),
      );
      return `${op}(${[attribute, ...values].join(',')}${random.int(0, 3) === 0 ? '' : ')'}`;
    }
    case 5:
      return Array.from({ length: random.int(2, 12) }, () => `eq(name,${random.string(3)})`).join(':');
    case 6:
      return random.pick(['plans', 'products', 'plans,products,plans', 'files,main_image', ',', 'PLANS']);
    default:
      return random.string(random.int(0, 3), '%');
  }
}

/** A seeded query over the list parameters (and one unknown one now and then). */
export function oddQuery(random: Prng): Array<[string, string]> {
  const names = [
    'page[limit]',
    'page[offset]',
    'filter',
    'include',
    'page[',
    'page[limit][x]',
    random.string(4),
  ];
  return Array.from({ length: random.int(1, 4) }, () => [random.pick(names), oddValue(random)]);
}

/** A copy of the valid create body with one field replaced by a value of a random, often wrong, type. */
export function oddCreateBody(random: Prng): unknown {
  const body = validCreateBody(random);
  const paths: Array<Array<string | number>> = [
    ['data'],
    ['data', 'name'],
    ['data', 'email'],
    ['data', 'currency'],
    ['data', 'account_id'],
    ['data', 'manual_payments'],
    ['data', 'offering'],
    ['data', 'offering', 'products'],
    ['data', 'offering', 'products', 0],
    ['data', 'offering', 'products', 0, 'price'],
    ['data', 'offering', 'plans', 0],
    ['data', 'offering', 'plans', 0, 'billing_frequency'],
  ];
  const values: unknown[] = [
    null,
    -1,
    2 ** 63,
    1.5,
    true,
    '',
    'x'.repeat(5000),
    [],
    [null],
    {},
    { nested: { deeper: [1, 'two', null] } },
    random.string(20, ODD_CHARACTERS),
  ];
  setPath(body, random.pick(paths), random.pick(values));
  return body;
}

/** Sends seeded requests; any 5xx among them breaks "never a 5xx, whatever the input". */
function fuzzCheck(
  id: string,
  title: string,
  operation: string,
  request: (ctx: CheckContext) => OperationRequest,
  readOnly = true,
): Check {
  return {
    id,
    title,
    family: 'robustness',
    source: 'contract',
    cites: NEVER_5XX,
    operation,
    readOnly,
    async run(ctx) {
      // All drawn first, in order, then sent a few at a time: the same seed sends the same requests.
      const requests = Array.from({ length: FUZZ_REQUESTS }, () => request(ctx));
      // Each answer judged as it comes: its body is not held while the others are awaited.
      const found = await inParallel(requests, async (built) =>
        serverErrors(ctx, await ctx.call(operation, built), 'a seeded odd request'),
      );
      return found.flat();
    },
  };
}

/** The failure of an exchange answered with a 5xx (none otherwise): "never a 5xx, whatever the input". */
function serverErrors(ctx: CheckContext, exchange: Exchange, what: string): Failure[] {
  if (exchange.response.status < 500) return [];
  return [
    ctx.fail(exchange, {
      rule: 'never a 5xx, whatever the input',
      message: `${what} got ${exchange.response.status}`,
      expected: '< 500',
      actual: exchange.response.status,
    }),
  ];
}

/**
 * Plan numbers the contract bounds only below (a trial period, a plan length, a frequency) at the top of what
 * JSON integers hold: a server that computes dates from them may overflow. Each is either refused or stored;
 * if stored, the subscription must still be listable, since a record that cannot be rendered breaks every
 * page holding it.
 */
const EXTREME_PLANS: ReadonlyArray<Record<string, unknown>> = [
  { trial_period: Number.MAX_SAFE_INTEGER },
  { billing_interval_type: 'year', end_behavior: 'close', plan_length: Number.MAX_SAFE_INTEGER },
  { billing_interval_type: 'year', end_behavior: 'close', billing_frequency: Number.MAX_SAFE_INTEGER },
];

const extremeNumbersCheck: Check = {
  id: 'robustness.create-extreme-numbers',
  title: 'Create bodies with extreme plan numbers never get a 5xx, nor break the list afterwards',
  family: 'robustness',
  source: 'contract',
  cites: NEVER_5XX,
  operation: 'createSubscription',
  readOnly: false,
  async run(ctx) {
    // Bodies drawn in order first; each case (create, then list what it created) runs beside the others.
    const bodies = EXTREME_PLANS.map((fields) => {
      const body = validCreateBody(ctx.random);
      for (const [key, value] of Object.entries(fields))
        setPath(body, ['data', 'offering', 'plans', 0, key], value);
      return { fields, body };
    });
    const found = await inParallel(bodies, async ({ fields, body }) => {
      const created = await ctx.call('createSubscription', { json: body });
      const failures = serverErrors(ctx, created, `a create with ${JSON.stringify(fields)}`);
      if (created.response.status >= 300) return failures;
      const listed = await ctx.call('listSubscriptions', {
        query: [['filter', `eq(external_ref,${String(body.data.external_ref)})`]],
      });
      return [
        ...failures,
        ...serverErrors(ctx, listed, `listing the subscription created with ${JSON.stringify(fields)}`),
      ];
    });
    return found.flat();
  },
};

const nodeRequest = (ctx: CheckContext, extra: OperationRequest): OperationRequest => ({
  params: catalogParams(ctx),
  ...extra,
});

export const robustnessChecks: Check[] = [
  fuzzCheck(
    'robustness.fuzz-list-subscriptions',
    'Odd list queries never get a 5xx',
    'listSubscriptions',
    (ctx) => ({ query: oddQuery(ctx.random) }),
  ),
  fuzzCheck(
    'robustness.fuzz-node-products',
    'Odd node product queries, ids and languages never get a 5xx',
    'getNodeProducts',
    (ctx) => {
      const random = ctx.random;
      switch (random.int(0, 2)) {
        case 0:
          return nodeRequest(ctx, { query: oddQuery(random) });
        case 1:
          return nodeRequest(ctx, {
            params: {
              ...catalogParams(ctx),
              [random.pick(['catalog_id', 'release_id', 'node_id'])]:
                `${random.string(random.int(1, 300), ODD_CHARACTERS)}x`,
            },
          });
        default:
          return nodeRequest(ctx, {
            headers: {
              'accept-language': random.pick([
                '*',
                'xx-YY',
                'fr;q=abc',
                '',
                random.string(30, HEADER_CHARACTERS),
              ]),
            },
          });
      }
    },
  ),
  extremeNumbersCheck,
  fuzzCheck(
    'robustness.fuzz-create-subscription',
    'Odd create bodies never get a 5xx',
    'createSubscription',
    (ctx) => ({ json: oddCreateBody(ctx.random) }),
    false,
  ),
  {
    id: 'robustness.no-5xx',
    title: 'No request of the whole run got a 5xx',
    family: 'robustness',
    source: 'contract',
    cites: NEVER_5XX,
    operation: ALL_OPERATIONS,
    watch(ctx, exchange) {
      if (exchange.response.status < 500) return [];
      return [
        ctx.fail(exchange, {
          rule: 'never a 5xx: every input gets an answer, a 4xx when it is wrong',
          message: `${exchange.request.method} sent by ${exchange.checkId ?? 'the run'} got ${exchange.response.status}`,
          expected: '< 500',
          actual: exchange.response.status,
        }),
      ];
    },
  },
  {
    id: 'robustness.body-size',
    title: 'Every response body of the run fits in --max-body-bytes',
    family: 'robustness',
    source: 'contract',
    cites: `${runOption('--max-body-bytes')} (${CONTRACT.pageLimits}: a page holds at most 100 records)`,
    operation: ALL_OPERATIONS,
    watch(ctx, exchange) {
      const cap = exchange.overLimit;
      if (cap === undefined) return [];
      return [
        ctx.fail(exchange, {
          rule: `a response body fits in --max-body-bytes (${cap} bytes); raise the cap if such bodies are meant`,
          message: `${exchange.request.method} sent by ${exchange.checkId ?? 'the run'} got a body over ${cap} bytes (dropped unread)`,
          expected: `<= ${cap} bytes`,
          actual: `more than ${cap} bytes`,
        }),
      ];
    },
  },
  {
    id: 'robustness.response-time',
    title: 'Every response of the run came within --max-response-ms',
    family: 'robustness',
    source: 'contract',
    cites: runOption('--max-response-ms'),
    operation: ALL_OPERATIONS,
    watch(ctx, exchange) {
      const budget = ctx.settings.maxResponseMs;
      if (budget === undefined) return undefined;
      if (exchange.response.ms <= budget) return [];
      return [
        ctx.fail(exchange, {
          rule: `every response within ${budget} ms (--max-response-ms)`,
          message: `${exchange.request.method} sent by ${exchange.checkId ?? 'the run'} took ${exchange.response.ms} ms`,
          expected: `<= ${budget} ms`,
          actual: `${exchange.response.ms} ms`,
        }),
      ];
    },
    run(ctx) {
      if (ctx.settings.maxResponseMs === undefined) ctx.skip('no --max-response-ms budget given');
      return Promise.resolve([]);
    },
  },
];
