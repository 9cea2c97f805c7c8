import type { Check, CheckContext, OperationRequest, Source } from '../check.js';
import { validCreateBody } from '../create-body.js';
import { CONTRACT, decision, limitsRow } from '../citations.js';
import { rejectionCheck, setPath, type RejectionCase } from '../rejection-case.js';

type Path = ReadonlyArray<string | number>;

const PRODUCT: Path = ['data', 'offering', 'products', 0];
const PLAN: Path = ['data', 'offering', 'plans', 0];

/** A valid create body (seeded by the check) with one field set, or removed with `undefined`. */
function createWith(path: Path, value: unknown): (ctx: CheckContext) => OperationRequest {
  return (ctx) => {
    const body = validCreateBody(ctx.random);
    setPath(body, path, value);
    return { json: body };
  };
}

function bodyCase(label: string, rule: string, source: Source, path: Path, value: unknown): RejectionCase {
  return { label, rule, source, request: createWith(path, value) };
}

/** Where these three sit is not shown (data or a payment_authority alternative): decisions.md puts them in data. */
const FLAT_BODY = decision(
  'Create and update',
  'the create body is flat: data holds manual_payments, name, email',
);

const missing = (field: string): RejectionCase => {
  const placed = ['manual_payments', 'name', 'email'].includes(field);
  return {
    ...bodyCase(
      `a create body without ${field}`,
      `${field} is required${placed ? ' in data (decisions.md)' : ''}`,
      placed ? 'convention' : 'contract',
      ['data', field],
      undefined,
    ),
    ...(placed ? { cites: FLAT_BODY } : {}),
  };
};

const long = (length: number): string => 'x'.repeat(length);

/** Create bodies that break one documented rule each; they write only when a server wrongly accepts. */
export const createRejectionChecks: Check[] = [
  rejectionCheck({
    id: 'rejection.create-missing-required',
    title: 'A create body missing a required field is rejected',
    operation: 'createSubscription',
    source: 'contract',
    cites: CONTRACT.createBody,
    needsAcceptedCreate: true,
    cases: [
      ...['account_id', 'currency', 'manual_payments', 'name', 'email'].map(missing),
      {
        label: 'a create body without data',
        rule: 'data is required',
        source: 'contract',
        request: () => ({ json: {} }),
      },
    ],
  }),
  rejectionCheck({
    id: 'rejection.create-field-limits',
    roundTrips: 3,
    title: 'Subscription fields outside their documented limits are rejected',
    operation: 'createSubscription',
    source: 'contract',
    cites: limitsRow('name (offering, product, plan, subscription) | 3 to 1024 characters'),
    needsAcceptedCreate: true,
    cases: [
      bodyCase('a name of 2 characters', 'name is 3 to 1024 characters', 'contract', ['data', 'name'], 'ab'),
      bodyCase(
        'a name of 1025 characters',
        'name is 3 to 1024 characters',
        'contract',
        ['data', 'name'],
        long(1025),
      ),
      bodyCase(
        'an email that is not an email',
        'email has the email format',
        'contract',
        ['data', 'email'],
        'not-an-email',
      ),
      bodyCase(
        'an email of 2 characters',
        'email is 3 to 1024 characters',
        'contract',
        ['data', 'email'],
        'a@',
      ),
      bodyCase(
        'an email of 1025 characters',
        'email is 3 to 1024 characters',
        'contract',
        ['data', 'email'],
        `${'a'.repeat(1013)}@example.com`,
      ),
      bodyCase(
        'a currency of 1025 characters',
        'currency is at most 1024 characters',
        'contract',
        ['data', 'currency'],
        'A'.repeat(1025),
      ),
      {
        ...bodyCase(
          'a lowercase currency',
          'currency is a three-letter uppercase ISO code',
          'convention',
          ['data', 'currency'],
          'usd',
        ),
        cites: decision('Status codes', 'a schema violation in the body is a 400'),
      },
      bodyCase(
        'an external_ref of 2049 characters',
        'external_ref is at most 2048 characters',
        'contract',
        ['data', 'external_ref'],
        long(2049),
      ),
      bodyCase(
        'manual_payments as a string',
        'manual_payments is a boolean',
        'contract',
        ['data', 'manual_payments'],
        'yes',
      ),
      bodyCase(
        'an account_id that is not a UUID',
        'account_id is a UUID',
        'contract',
        ['data', 'account_id'],
        'not-a-uuid',
      ),
    ],
  }),
  rejectionCheck({
    id: 'rejection.create-payment-authority',
    title: 'A payment authority outside its documented shape is rejected',
    operation: 'createSubscription',
    source: 'contract',
    cites: CONTRACT.paymentAuthority,
    needsAcceptedCreate: true,
    cases: [
      ...(
        [
          [
            'a payment authority of an unknown type',
            'payment_authority.type is provider_payments_processor',
            { type: 'other_gateway' },
          ],
          [
            'a payment authority without type',
            'payment_authority.type is required',
            { customer_id: 'cus_123' },
          ],
          [
            'a customer_id of 2 characters',
            'customer_id is 3 to 1024 characters',
            { type: 'provider_payments_processor', customer_id: 'ab' },
          ],
          [
            'a card_id of 2 characters',
            'card_id is 3 to 1024 characters',
            { type: 'provider_payments_processor', card_id: 'ab' },
          ],
          [
            'a customer_id of 1025 characters',
            'customer_id is 3 to 1024 characters',
            { type: 'provider_payments_processor', customer_id: long(1025) },
          ],
        ] as const
      ).map(([label, rule, value]) =>
        bodyCase(label, rule, 'contract', ['data', 'payment_authority'], value),
      ),
    ],
  }),
  rejectionCheck({
    id: 'rejection.create-offering',
    title: 'An inline offering outside its documented limits is rejected',
    operation: 'createSubscription',
    source: 'contract',
    cites: CONTRACT.createOffering,
    needsAcceptedCreate: true,
    cases: [
      bodyCase(
        'an offering with products: []',
        'products has at least 1 element',
        'contract',
        ['data', 'offering', 'products'],
        [],
      ),
      bodyCase(
        'an offering with plans: []',
        'plans has at least 1 element',
        'contract',
        ['data', 'offering', 'plans'],
        [],
      ),
      bodyCase(
        'an offering without name',
        'offering name is required',
        'contract',
        ['data', 'offering', 'name'],
        undefined,
      ),
      bodyCase(
        'an offering name of 2 characters',
        'offering name is 3 to 1024 characters',
        'contract',
        ['data', 'offering', 'name'],
        'ab',
      ),
      bodyCase(
        'an offering description of 1025 characters',
        'description is at most 1024 characters',
        'contract',
        ['data', 'offering', 'description'],
        long(1025),
      ),
    ],
  }),
  rejectionCheck({
    id: 'rejection.create-product',
    title: 'An offering product outside its documented limits is rejected',
    operation: 'createSubscription',
    source: 'contract',
    cites: CONTRACT.offeringProduct,
    needsAcceptedCreate: true,
    cases: [
      bodyCase(
        'a product without name',
        'product name is required',
        'contract',
        [...PRODUCT, 'name'],
        undefined,
      ),
      bodyCase(
        'a product name of 2 characters',
        'product name is 3 to 1024 characters',
        'contract',
        [...PRODUCT, 'name'],
        'ab',
      ),
      bodyCase(
        'a product sku of 1025 characters',
        'sku is at most 1024 characters',
        'contract',
        [...PRODUCT, 'sku'],
        long(1025),
      ),
      bodyCase(
        'price_units.amount 0',
        'price_units.amount is at least 1',
        'contract',
        [...PRODUCT, 'price_units', 'amount'],
        0,
      ),
      bodyCase(
        'price_units.unit year',
        'price_units.unit is day or month',
        'contract',
        [...PRODUCT, 'price_units', 'unit'],
        'year',
      ),
      bodyCase('a price without amount', 'a price amount is required', 'contract', [...PRODUCT, 'price'], {
        USD: { includes_tax: false },
      }),
      bodyCase(
        'a main_image that is not a URI',
        'main_image is a URI',
        'contract',
        [...PRODUCT, 'main_image'],
        'not a uri',
      ),
    ],
  }),
  rejectionCheck({
    id: 'rejection.create-plan',
    title: 'A plan outside the limits decisions.md gives the creation body is rejected',
    operation: 'createSubscription',
    // The interface shows only the plans array, not its objects: plan fields in the body are conventions.
    source: 'convention',
    cites: decision('Create and update', 'the plan objects of the create body follow the response plan'),
    needsAcceptedCreate: true,
    cases: [
      bodyCase(
        'billing_frequency 0',
        'billing_frequency is at least 1',
        'convention',
        [...PLAN, 'billing_frequency'],
        0,
      ),
      bodyCase('plan_length 0', 'plan_length is at least 1', 'convention', [...PLAN, 'plan_length'], 0),
      bodyCase(
        'base_price_percentage 101',
        'base_price_percentage is at most 100',
        'convention',
        [...PLAN, 'base_price_percentage'],
        101,
      ),
      bodyCase(
        'billing_interval_type fortnight',
        'billing_interval_type is day, week, month or year',
        'convention',
        [...PLAN, 'billing_interval_type'],
        'fortnight',
      ),
      bodyCase(
        'end_behavior stop',
        'end_behavior is close or roll',
        'convention',
        [...PLAN, 'end_behavior'],
        'stop',
      ),
    ],
  }),
  rejectionCheck({
    id: 'rejection.create-not-json',
    title: 'A create body that is not a JSON object with data is rejected',
    operation: 'createSubscription',
    source: 'contract',
    cites: CONTRACT.bodiesAreJson,
    needsAcceptedCreate: true,
    cases: [
      {
        label: 'malformed JSON',
        rule: 'request bodies are JSON',
        source: 'contract',
        request: () => ({ body: '{"data": {"name": ' }),
      },
      {
        label: 'a JSON array body',
        rule: 'the body is an object with data',
        source: 'contract',
        request: () => ({ json: [] }),
      },
      {
        label: 'data as a string',
        rule: 'data is an object',
        source: 'contract',
        request: () => ({ json: { data: 'subscription' } }),
      },
      {
        label: 'a valid body sent as text/plain',
        rule: 'request bodies are sent as application/json',
        source: 'convention',
        cites: decision('Status codes', 'a request body that is not JSON (Content-Type) is a 415'),
        expected: 415,
        request: (ctx) => ({
          body: JSON.stringify(validCreateBody(ctx.random)),
          headers: { 'content-type': 'text/plain' },
        }),
      },
    ],
  }),
];
