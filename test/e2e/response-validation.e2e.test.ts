import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { specValidators } from '../../src/contract/validators.js';
import { seededCatalogStore } from '../support/seeded-catalogs.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { responseSchemaValidator } from '../support/response-schema-validator.js';
import { namedExamples, specExample } from '../support/spec-examples.js';
import { EXPECTED_SITUATIONS, situationsOf, type Subscription } from '../support/subscription-situations.js';
import { NO_OPERATION, validationSession, type ValidationTally } from '../support/validation-session.js';

// Every response the mock gives validates against the spec's schema for its operation and status, checked
// by two validators (an independent Ajv2020 + ajv-formats compile, and the mock's own): all operations,
// several seeds, every subscription state, creates, updates, errors, and node products over every catalog,
// release, node, include and language.

const SEEDS = [1, 2, 3, 42];
const SIZES = { subscriptions: 40, products: 60 };
const SUBSCRIPTIONS = '/subscriptions/subscriptions';
const LANGUAGES = ['en-US', 'fr-FR', 'de-DE', 'xx-XX'];
const ALL_INCLUDES = 'component_products,main_image,files';

const ids = FIXTURE_IDS;

interface NodeProduct {
  id: string;
  attributes: { sku?: string; tags?: string[] };
  meta?: { product_types?: string[] };
}

const tally: ValidationTally = { responses: 0, violations: [] };
afterAll(() => {
  console.log(
    `response validation: ${tally.responses} responses validated, ${tally.violations.length} violations`,
  );
});

const q = (parameters: Record<string, string>) =>
  '?' +
  Object.entries(parameters)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
const nodeProducts = (catalog: string, release: string, node: string) =>
  `/catalogs/${catalog}/releases/${release}/nodes/${node}/relationships/products`;

describe.each(SEEDS)('responses of a mock seeded with %i', (seed) => {
  let mock: RunningMock;
  let walked: Subscription[] = [];
  beforeAll(async () => {
    mock = await startMock({ port: 0, seed, ...SIZES, logLevel: 'silent' });
  });
  afterAll(() => mock.close());

  const session = () => validationSession(mock, tally);
  const expectValid = (violations: string[]) => {
    tally.violations.push(...violations);
    expect(violations).toEqual([]);
  };

  it('validates every subscription of the store, page by page, with each include', async () => {
    const { walk, violations } = session();
    const counts: number[] = [];
    for (const include of [undefined, 'plans', 'products', 'plans,products']) {
      const query = q({ 'page[limit]': '9', ...(include === undefined ? {} : { include }) });
      const pages = (await walk('listSubscriptions', SUBSCRIPTIONS + query)) as { data: Subscription[] }[];
      walked = pages.flatMap((page) => page.data);
      counts.push(walked.length);
    }
    expectValid(violations);
    expect(counts).toEqual(Array(4).fill(SIZES.subscriptions + 2));
    const seen = new Set(walked.flatMap(situationsOf));
    expect(EXPECTED_SITUATIONS.filter((situation) => !seen.has(situation))).toEqual([]);
  });

  it('validates lists filtered on each attribute, alone and joined with :', async () => {
    const { call, violations } = session();
    const empty: string[] = [];
    for (const subscription of walked.slice(0, 8)) {
      const { account_id, email, name, external_ref } = subscription.attributes;
      const filters = [
        `eq(account_id,${account_id})`,
        ...(email === undefined
          ? []
          : [`eq(email,${email})`, `eq(account_id,${account_id}):eq(email,${email})`]),
        ...(name === undefined ? [] : [`eq(name,"${name.replace(/["\\]/g, '\\$&')}")`]),
        ...(external_ref === undefined
          ? []
          : [`eq(external_ref,'${external_ref.replace(/['\\]/g, '\\$&')}')`]),
      ];
      for (const filter of filters) {
        const answer = await call(
          'listSubscriptions',
          'GET',
          SUBSCRIPTIONS + q({ filter, include: 'plans,products' }),
        );
        if ((answer.body as { data: unknown[] }).data.length === 0) empty.push(filter);
      }
    }
    expectValid(violations);
    expect(empty).toEqual([]);
  });

  const account = ids.subscriptions.account_id;
  const base = { account_id: account, currency: 'USD', name: 'Val Idator', email: 'val@example.com' };
  // prettier-ignore
  const inlineOffering = {
    name: 'Tea Club',
    description: 'Loose leaf tea, every week.',
    products: [
      { name: 'Green tea', sku: 'TEA-G', price: { USD: { amount: 900, includes_tax: false }, EUR: { amount: 850 } }, price_units: { unit: 'day', amount: 7 }, main_image: 'https://files.example.com/tea.png' },
      { name: 'Black tea', external_ref: 'tea-black' },
    ],
    plans: [
      { name: 'Weekly', billing_interval_type: 'week', billing_frequency: 1, plan_length: 52, end_behavior: 'roll', trial_period: 0 },
      { name: 'Yearly, fixed price', billing_interval_type: 'year', billing_frequency: 1, plan_length: 3, end_behavior: 'close', can_pause: true, can_resume: true, can_cancel: true, base_price_percentage: 12.5, fixed_price: { USD: { amount: 39900, includes_tax: false } }, meta: { selected: true } },
    ],
  };
  // prettier-ignore
  const creates = [
    { title: 'the inline offering example', data: specExample('CreateWithInlineOffering') },
    { title: 'the existing offering example (pending, manual)', data: specExample('CreateWithOfferingId') },
    { title: 'an offering id, no plan, gateway payments', data: { ...base, offering_id: ids.subscriptions.offering_id, manual_payments: false, payment_authority: { type: 'provider_payments_processor' } } },
    { title: 'an offering id and plan, address, external_ref, full payment authority', data: { ...base, offering_id: ids.subscriptions.offering_id, plan_id: ids.subscriptions.plan_ids[1], address_id: '7d3c2b1a-0f9e-4d8c-b7a6-5f4e3d2c1b0a', external_ref: `val-${seed}`, manual_payments: false, payment_authority: { type: 'provider_payments_processor', customer_id: 'cus_val', card_id: 'card_val' } } },
    { title: 'an inline offering with a selected plan, pending', data: { ...base, currency: 'EUR', manual_payments: true, pending: true, offering: inlineOffering } },
    { title: 'an inline offering without pending, manual payments', data: { ...base, manual_payments: true, pending: false, offering: inlineOffering } },
  ];

  it('validates creates with inline offerings, offering ids, pending and both payment kinds', async () => {
    const { call, violations } = session();
    const statuses: string[] = [];
    for (const { title, data } of creates) {
      const created = await call('createSubscription', 'POST', SUBSCRIPTIONS, { body: { data } });
      statuses.push(`${title}: ${created.status}`);
      const id = (created.body as { data?: { id?: string } }).data?.id ?? '';
      const filter = `eq(account_id,${String((data as { account_id?: string }).account_id)})`;
      await call(
        'listSubscriptions',
        'GET',
        SUBSCRIPTIONS + q({ filter, include: 'plans,products', 'page[limit]': '100' }),
      );
      walked.push(...(id === '' ? [] : [(created.body as { data: Subscription }).data]));
    }
    expectValid(violations);
    expect(statuses).toEqual(creates.map(({ title }) => `${title}: 201`));
  });

  it('validates updates: plan switch, address set and cleared, go_live_after set and cleared, payment authority', async () => {
    const { call, violations } = session();
    const targets = [...walked.slice(0, 6), ...walked.slice(-creates.length)];
    const refused: string[] = [];
    for (const target of targets) {
      const plans = target.attributes.offering.relationships?.plans?.data.map((plan) => plan.id) ?? [];
      const otherPlan = plans.find((plan) => plan !== target.attributes.plan_id) ?? target.attributes.plan_id;
      const changes = [
        { plan_id: otherPlan },
        { address_id: null },
        { address_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d' },
        { go_live_after: '2026-06-01T00:00:00.000Z' },
        { go_live_after: null },
        {
          payment_authority: {
            type: 'provider_payments_processor',
            customer_id: 'cus_new',
            card_id: 'card_new',
          },
        },
        {},
        { plan_id: target.attributes.plan_id, address_id: null, go_live_after: null },
      ];
      for (const attributes of changes) {
        const body = { data: { id: target.id, type: 'subscription', attributes } };
        const answer = await call('updateSubscription', 'PUT', `${SUBSCRIPTIONS}/${target.id}`, { body });
        if (answer.status !== 200)
          refused.push(`${target.id} ${JSON.stringify(attributes)}: ${answer.status}`);
      }
    }
    expectValid(violations);
    expect(refused).toEqual([]);
  });

  it('validates error answers: 400, 404, 405, 409, 413 and 415', async () => {
    const { call, violations } = session();
    const fixed = ids.subscriptions.subscription_id;
    const update = (attributes: unknown, id = fixed) => ({ data: { id, type: 'subscription', attributes } });
    const { catalog_id: catalog, release_ids: releases, node_id: node } = ids.catalog;
    const big = `{"data":{"name":"${'x'.repeat(1_100_000)}"}}`;
    // prettier-ignore
    const cases: [string | undefined, string, string, Parameters<typeof call>[3], number][] = [
      ['createSubscription', 'POST', SUBSCRIPTIONS, { body: { data: {} } }, 400],
      ['createSubscription', 'POST', SUBSCRIPTIONS, { body: { data: { ...base, email: 'not an email', manual_payments: 'yes', offering_id: 'nope' } } }, 400],
      ['createSubscription', 'POST', SUBSCRIPTIONS, { body: { data: { ...base, manual_payments: true, offering_id: '00000000-0000-4000-8000-000000000000' } } }, 400],
      ['createSubscription', 'POST', SUBSCRIPTIONS, { body: { data: { ...base, manual_payments: true, offering: { ...inlineOffering, plans: [] } } } }, 400],
      ['createSubscription', 'POST', SUBSCRIPTIONS, { raw: '{"data":' }, 400],
      ['createSubscription', 'POST', SUBSCRIPTIONS, { raw: big }, 413],
      ['createSubscription', 'POST', SUBSCRIPTIONS, { raw: 'data=1', headers: { 'content-type': 'text/plain' } }, 415],
      ['updateSubscription', 'PUT', `${SUBSCRIPTIONS}/${fixed}`, { body: update({ address_id: 'nope', plan_id: 7 }) }, 400],
      ['updateSubscription', 'PUT', `${SUBSCRIPTIONS}/not-a-uuid`, { body: update({}, 'not-a-uuid') }, 400],
      ['updateSubscription', 'PUT', `${SUBSCRIPTIONS}/00000000-0000-4000-8000-000000000000`, { body: update({}, '00000000-0000-4000-8000-000000000000') }, 404],
      ['updateSubscription', 'PUT', `${SUBSCRIPTIONS}/${fixed}`, { body: update({}, ids.subscriptions.pending_subscription_id) }, 409],
      ['updateSubscription', 'PUT', `${SUBSCRIPTIONS}/${fixed}`, { body: { data: { id: fixed, type: 'plan', attributes: {} } } }, 400],
      ['updateSubscription', 'PUT', `${SUBSCRIPTIONS}/${fixed}`, { raw: big }, 413],
      ['updateSubscription', 'PUT', `${SUBSCRIPTIONS}/${fixed}`, { raw: '{}', headers: { 'content-type': 'application/xml' } }, 415],
      ['listSubscriptions', 'GET', SUBSCRIPTIONS + q({ 'page[limit]': '101', 'page[offset]': '-1', include: 'offerings' }), {}, 400],
      ['listSubscriptions', 'GET', SUBSCRIPTIONS + q({ filter: 'eq(currency,USD):in(name,a,b)' }), {}, 400],
      ['getNodeProducts', 'GET', nodeProducts(catalog, 'latest', node) + q({ filter: 'eq(id,x)', include: 'plans', 'page[limit]': 'ten' }), {}, 400],
      ['getNodeProducts', 'GET', nodeProducts('00000000-0000-4000-8000-000000000000', 'latest', node), {}, 404],
      ['getNodeProducts', 'GET', nodeProducts(catalog, '00000000-0000-4000-8000-000000000000', node), {}, 404],
      ['getNodeProducts', 'GET', nodeProducts(catalog, releases[0] ?? '', node), {}, 404],
      ['getNodeProducts', 'GET', nodeProducts(catalog, 'latest', '00000000-0000-4000-8000-000000000000'), {}, 404],
      [NO_OPERATION, 'DELETE', SUBSCRIPTIONS, {}, 405],
      [NO_OPERATION, 'POST', nodeProducts(catalog, 'latest', node), { body: {} }, 405],
      [NO_OPERATION, 'GET', '/subscriptions', {}, 404],
    ];
    const statuses: number[] = [];
    for (const [operationId, method, path, options] of cases)
      statuses.push((await call(operationId, method, path, options)).status);
    expectValid(violations);
    expect(statuses).toEqual(cases.map((c) => c[4]));
  });

  it('validates node products of every catalog, readable release and node, every include at once', async () => {
    const { call, walk, violations } = session();
    const store = seededCatalogStore({ seed, products: SIZES.products });
    const types = new Set<string>();
    const included = new Set<string>();
    for (const skeleton of store.catalogs) {
      const nodes = [...(store.catalog(skeleton.id)?.nodes.keys() ?? [])];
      const releases = ['latest', ...skeleton.releases.slice(-3).map((release) => release.id)];
      for (const release of releases)
        for (const node of nodes) {
          const pages = await walk(
            'getNodeProducts',
            nodeProducts(skeleton.id, release, node) + q({ include: ALL_INCLUDES, 'page[limit]': '100' }),
          );
          for (const page of pages as { data: NodeProduct[]; included?: Record<string, unknown[]> }[]) {
            page.data.forEach((product) => product.meta?.product_types?.forEach((type) => types.add(type)));
            Object.entries(page.included ?? {}).forEach(
              ([key, list]) => list.length > 0 && included.add(key),
            );
          }
        }
      const expired = skeleton.releases.at(0)?.id ?? '';
      expect(
        (await call('getNodeProducts', 'GET', nodeProducts(skeleton.id, expired, nodes[0] ?? ''))).status,
      ).toBe(404);
    }
    expectValid(violations);
    expect([...types].sort()).toEqual(['bundle', 'child', 'parent', 'standard']);
    expect([...included].sort()).toEqual(['component_products', 'files', 'main_images']);
  });

  it('validates node products in every language, with each include, page by page and filtered', async () => {
    const { call, walk, violations } = session();
    const { catalog_id: catalog, release_ids: releases, node_id: node, deep_node_id: deep } = ids.catalog;
    const nodes = [
      ...(seededCatalogStore({ seed, products: SIZES.products }).catalog(catalog)?.nodes.keys() ?? []),
    ];
    for (const language of LANGUAGES)
      for (const each of nodes)
        await walk('getNodeProducts', nodeProducts(catalog, 'latest', each) + q({ include: ALL_INCLUDES }), {
          'accept-language': language,
        });
    const sample: NodeProduct[] = [];
    for (const release of ['latest', releases[3] ?? '', releases[1] ?? ''])
      for (const include of ['component_products', 'main_image', 'files', 'files,main_image'])
        for (const at of [node, deep]) {
          const pages = await walk(
            'getNodeProducts',
            nodeProducts(catalog, release, at) + q({ include, 'page[limit]': '7' }),
          );
          sample.push(...(pages as { data: NodeProduct[] }[]).flatMap((page) => page.data));
        }
    const picked = sample.filter((_, i) => i % 9 === 0);
    const filters = [
      `in(id,${picked.map((product) => product.id).join(',')})`,
      `in(sku,${picked.map((product) => product.attributes.sku ?? '').join(',')})`,
      ...picked.slice(0, 4).map((product) => `eq(sku,${product.attributes.sku ?? ''})`),
      ...picked
        .slice(0, 4)
        .flatMap((product) => (product.attributes.tags ?? []).slice(0, 1).map((tag) => `eq(tags,${tag})`)),
      'eq(product_types,bundle)',
      'eq(product_types,parent)',
      'in(product_types,child,standard)',
    ];
    for (const filter of filters)
      for (const language of LANGUAGES.slice(0, 3))
        await call(
          'getNodeProducts',
          'GET',
          nodeProducts(catalog, 'latest', node) + q({ filter, include: ALL_INCLUDES }),
          { headers: { 'accept-language': language } },
        );
    expectValid(violations);
    expect(picked.length).toBeGreaterThan(5);
  });
});

describe('responses forced with Prefer', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, seed: 1, subscriptions: 5, products: 20, logLevel: 'silent' });
  });
  afterAll(() => mock.close());

  it('validates the example of every documented status and every named example of every operation', async () => {
    const { call, violations } = validationSession(mock, tally);
    const { catalog_id: catalog, node_id: node } = ids.catalog;
    const operations = [
      { operationId: 'createSubscription', method: 'POST', path: SUBSCRIPTIONS, body: { data: {} } },
      { operationId: 'listSubscriptions', method: 'GET', path: SUBSCRIPTIONS },
      {
        operationId: 'updateSubscription',
        method: 'PUT',
        path: `${SUBSCRIPTIONS}/${ids.subscriptions.subscription_id}`,
        body: { data: {} },
      },
      { operationId: 'getNodeProducts', method: 'GET', path: nodeProducts(catalog, 'latest', node) },
    ];
    const statuses = responseSchemaValidator();
    const forced: string[] = [];
    for (const { operationId, method, path, body } of operations) {
      for (const status of statuses.statuses(operationId)) {
        const answer = await call(operationId, method, path, { body, headers: { prefer: `code=${status}` } });
        forced.push(`${operationId} ${status} -> ${answer.status}`);
        expect(answer.status).toBe(Number(status));
      }
      for (const name of namedExamples(operationId)) {
        const answer = await call(operationId, method, path, {
          body,
          headers: { prefer: `example=${name}` },
        });
        expect(answer.status, `${operationId} example=${name}`).toBeLessThan(500);
      }
    }
    tally.violations.push(...violations);
    expect(violations).toEqual([]);
    expect(forced.length).toBeGreaterThanOrEqual(13);
  });
});

describe('the two validators', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, seed: 1, subscriptions: 5, products: 20, logLevel: 'silent' });
  });
  afterAll(() => mock.close());

  const node = nodeProducts(ids.catalog.catalog_id, 'latest', ids.catalog.node_id);
  // prettier-ignore
  const broken = `${SUBSCRIPTIONS}?page[limit]=0`;
  // prettier-ignore
  const tampered: { title: string; operationId: string; path: string; status: number; at: (string | number)[]; value?: unknown }[] = [
    { title: 'a subscription without status', operationId: 'listSubscriptions', path: SUBSCRIPTIONS, status: 200, at: ['data', 0, 'meta', 'status'] },
    { title: 'an unknown state action', operationId: 'listSubscriptions', path: SUBSCRIPTIONS, status: 200, at: ['data', 0, 'meta', 'state', 'attributes', 'action'], value: 'explode' },
    { title: 'a next link with raw brackets', operationId: 'getNodeProducts', path: node, status: 200, at: ['links', 'next'], value: 'http://127.0.0.1/x?page[offset]=1' },
    { title: 'an unknown product type', operationId: 'getNodeProducts', path: node, status: 200, at: ['data', 0, 'meta', 'product_types'], value: ['weird'] },
    { title: 'a product id that is not a uuid', operationId: 'getNodeProducts', path: node, status: 200, at: ['data', 0, 'id'], value: 'p-1' },
    { title: 'a numeric error status', operationId: 'listSubscriptions', path: broken, status: 400, at: ['errors', 0, 'status'], value: 400 },
  ];

  it.each(tampered)('both reject $title', async ({ operationId, path, status, at, value }) => {
    const { call } = validationSession(mock, { responses: 0, violations: [] });
    const answer = await call(operationId, 'GET', path);
    expect(answer.status).toBe(status);
    const body = structuredClone(answer.body);
    const parent = at
      .slice(0, -1)
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], body);
    const key = at.at(-1) as string | number;
    if (value === undefined) delete (parent as Record<string, unknown>)[key];
    else (parent as Record<string, unknown>)[key] = value;
    expect(responseSchemaValidator().validate(operationId, status, body)).not.toEqual([]);
    expect(specValidators().response(operationId, status)(body)).not.toEqual([]);
  });
});

it('validated a meaningful number of responses', () => {
  expect(tally.responses).toBeGreaterThan(1000);
});
