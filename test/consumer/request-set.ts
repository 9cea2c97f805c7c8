// The broad request set of the consumer test: every operation, include, filter attribute, language and paging
// position, creates with an existing and an inline offering, every kind of update, and every published release
// and node of every seeded catalog. Typed through strict-client.ts, so it is type-checked with it.
import {
  createSubscription,
  getNodeProducts,
  listSubscriptions,
  updateSubscription,
  type CreateBody,
  type ListQuery,
  type NodeProductsPath,
  type NodeProductsQuery,
  type SubcatClient,
} from './strict-client.js';

/** The ids the set starts from: the fixed records and every published (catalog, release, node). */
export interface RequestTargets {
  accountId: string;
  offeringId: string;
  planIds: readonly string[];
  subscriptionId: string;
  pendingSubscriptionId: string;
  /** The fixed catalog node the filters and languages are tried on. */
  showcase: NodeProductsPath;
  nodes: readonly NodeProductsPath[];
}

/** One response body, with the operation that answered it and the request in words. */
export interface Answer {
  operation: 'createSubscription' | 'updateSubscription' | 'listSubscriptions' | 'getNodeProducts';
  request: string;
  body: unknown;
}

const INCLUDES = [undefined, 'plans', 'products', 'plans,products', 'products,plans'];
const NODE_INCLUDES = ['component_products', 'main_image', 'files', 'component_products,main_image,files'];
const LANGUAGES = ['en-US', 'fr-FR', 'de-DE', 'ja-JP'];

function inlineOffering(tag: string): NonNullable<CreateBody['offering']> {
  return {
    external_ref: `consumer-offering-${tag}`,
    name: `Consumer offering ${tag}`,
    description: 'An inline offering with every documented field.',
    products: [
      {
        external_ref: `consumer-product-${tag}`,
        name: 'Monthly beans',
        description: 'One kilogram of beans.',
        sku: `BEANS-${tag}`,
        main_image: 'https://files.example.com/beans.png',
        price: { USD: { amount: 1800, includes_tax: false }, EUR: { amount: 1700 } },
        price_units: { unit: 'month', amount: 1 },
      },
      { name: 'A mug' },
    ],
    plans: [
      {
        name: 'Weekly',
        billing_interval_type: 'week',
        billing_frequency: 1,
        plan_length: 4,
        end_behavior: 'roll',
      },
      {
        external_ref: `consumer-plan-${tag}`,
        name: 'Yearly, ten percent off',
        description: 'Pay once a year.',
        billing_interval_type: 'year',
        billing_frequency: 1,
        trial_period: 1,
        plan_length: 3,
        end_behavior: 'close',
        can_pause: true,
        can_resume: true,
        can_cancel: true,
        base_price_percentage: 10,
        fixed_price: { USD: { amount: 9900, includes_tax: true } },
        meta: { selected: true },
      },
    ],
  };
}

function creates(targets: RequestTargets): { request: string; data: CreateBody }[] {
  const base = {
    account_id: targets.accountId,
    currency: 'USD',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
  };
  return [
    { request: 'existing offering', data: { ...base, offering_id: targets.offeringId, manual_payments: true } },
    {
      request: 'existing offering, chosen plan, every optional field, pending',
      data: {
        ...base,
        external_ref: 'consumer-create-1',
        address_id: '6f1d2c9e-3b8a-4e57-9d0c-1a2b3c4d5e6f',
        offering_id: targets.offeringId,
        plan_id: targets.planIds[1] ?? targets.planIds[0],
        payment_authority: { type: 'provider_payments_processor', customer_id: 'cus_123', card_id: 'card_123' },
        manual_payments: false,
        pending: true,
      },
    },
    { request: 'inline offering', data: { ...base, manual_payments: false, offering: inlineOffering('a') } },
    {
      request: 'inline offering, pending, payment authority',
      data: {
        ...base,
        currency: 'EUR',
        manual_payments: true,
        pending: true,
        payment_authority: { type: 'provider_payments_processor', customer_id: 'cus_456' },
        offering: inlineOffering('b'),
      },
    },
  ]; // prettier-ignore
}

/** Every page of a list, following `links.next` through its offset; bounded by the page count. */
async function allPages(client: SubcatClient, query: ListQuery, answers: Answer[], label: string) {
  let offset = 0;
  for (let pages = 0; pages < 200; pages++) {
    const { body, view } = await listSubscriptions(client, { ...query, 'page[offset]': offset });
    answers.push({ operation: 'listSubscriptions', request: `${label} offset ${offset}`, body });
    if (view.page.next === null) return view;
    offset += query['page[limit]'] ?? 25;
  }
  throw new Error(`${label}: more than 200 pages`);
}

async function subscriptionAnswers(client: SubcatClient, targets: RequestTargets, answers: Answer[]) {
  const created = [];
  for (const { request, data } of creates(targets)) {
    const { body, view } = await createSubscription(client, data);
    answers.push({ operation: 'createSubscription', request, body });
    created.push(view);
  }
  const ids = [targets.subscriptionId, targets.pendingSubscriptionId, ...created.map((view) => view.id)];
  for (const id of ids) {
    const updates = [
      { plan_id: targets.planIds[1] ?? '' },
      { address_id: null, go_live_after: '2027-01-01T00:00:00.000Z' },
      { address_id: '4b1a3c55-8f0e-4d2a-9a51-2f7c0e6d9b10', go_live_after: null },
      { payment_authority: { type: 'provider_payments_processor' as const, customer_id: 'cus_789', card_id: 'card_789' } },
      {},
    ]; // prettier-ignore
    // A plan switch needs a plan of the subscription's own offering: the fixed offering's second plan.
    const own = created.find((view) => view.id === id);
    const switchable = own === undefined || own.offering.id === targets.offeringId;
    for (const attributes of switchable ? updates : updates.slice(1)) {
      const { body } = await updateSubscription(client, id, attributes);
      answers.push({ operation: 'updateSubscription', request: `${id} ${JSON.stringify(attributes)}`, body });
    }
  }
  for (const include of INCLUDES) {
    const query: ListQuery = include === undefined ? {} : { include };
    const { body } = await listSubscriptions(client, query);
    answers.push({ operation: 'listSubscriptions', request: `include ${include}`, body });
  }
  const every = await allPages(client, { include: 'plans,products', 'page[limit]': 100 }, answers, 'all');
  const last = await listSubscriptions(client, { 'page[offset]': Math.max(0, every.page.total - 1) });
  answers.push({ operation: 'listSubscriptions', request: 'the last record', body: last.body });
  const someone = created[0];
  const filters = [
    `eq(account_id,${targets.accountId})`,
    `eq(name,"${someone?.name ?? ''}")`,
    `eq(email,${someone?.email ?? ''})`,
    'eq(external_ref,consumer-create-1)',
    `eq(account_id,${targets.accountId}):eq(email,ada@example.com)`,
    'eq(email,nobody@example.com)',
  ];
  for (const filter of filters)
    await allPages(client, { filter, include: 'plans,products', 'page[limit]': 2 }, answers, filter);
}

async function nodeAnswers(client: SubcatClient, targets: RequestTargets, answers: Answer[]) {
  const walk = async (path: NodeProductsPath, query: NodeProductsQuery, language?: string) => {
    const label = `${JSON.stringify(path)} ${JSON.stringify(query)} ${language ?? ''}`;
    let offset = 0;
    for (let pages = 0; pages < 200; pages++) {
      const { body, view } = await getNodeProducts(
        client,
        path,
        { ...query, 'page[offset]': offset },
        language,
      );
      answers.push({ operation: 'getNodeProducts', request: `${label} offset ${offset}`, body });
      if (view.page.next === null) return view.products;
      offset += query['page[limit]'] ?? 25;
    }
    throw new Error(`${label}: more than 200 pages`);
  };
  for (const path of targets.nodes)
    await walk(path, { include: 'component_products,main_image,files', 'page[limit]': 100 });
  const products = await walk(targets.showcase, { 'page[limit]': 10 });
  for (const include of NODE_INCLUDES) await walk(targets.showcase, { include, 'page[limit]': 50 });
  for (const language of LANGUAGES)
    await walk(targets.showcase, { include: 'component_products', 'page[limit]': 100 }, language);
  const some = products.slice(0, 3);
  const quoted = (value: string | undefined) => `"${(value ?? '').replaceAll('"', '\\"')}"`;
  const filters = [
    `in(id,${some.map((product) => product.id).join(',')})`,
    `eq(name,${quoted(some[0]?.name)})`,
    `in(sku,${some.map((product) => quoted(product.sku)).join(',')})`,
    `eq(slug,${quoted(some[1]?.slug)})`,
    `eq(tags,${quoted(some.flatMap((product) => product.tags)[0])})`,
    'eq(product_types,bundle)',
    'eq(product_types,parent)',
    'in(product_types,child,standard)',
    `in(id,${some.map((product) => product.id).join(',')}):eq(product_types,standard)`,
  ];
  for (const filter of filters) await walk(targets.showcase, { filter, 'page[limit]': 25 });
}

/**
 * Sends the whole set through the strict client and returns every success body; any non-2xx throws.
 * @example const answers = await askEverything(subcatClient(mock.url), targets);
 */
export async function askEverything(client: SubcatClient, targets: RequestTargets): Promise<Answer[]> {
  const answers: Answer[] = [];
  await subscriptionAnswers(client, targets, answers);
  await nodeAnswers(client, targets, answers);
  return answers;
}
