import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { seededCatalogStore } from '../support/seeded-catalogs.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';

// The same seed and sizes give byte-identical GET responses (design.md); another seed gives other data.
// Two mocks answer the same requests, one in order and one in reverse order and concurrently, so a
// response that depends on request order, timing or shared state shows up as a difference.

const SEED = 11;
const OTHER_SEED = 12;
const SIZES = { subscriptions: 120, products: 90, pageLength: 20 };
const SUBSCRIPTIONS = '/subscriptions/subscriptions';
const LANGUAGES = ['en-US', 'fr-FR', 'de-DE'];

const ids = FIXTURE_IDS;
const { catalog_id: catalogId, release_ids: releaseIds } = ids.catalog;

interface Answer {
  status: number;
  /** The body with the mock's origin replaced, so two mocks on two ports can be compared byte for byte. */
  text: string;
  headers: string;
}
interface Probe {
  path: string;
  headers?: Record<string, string>;
}

async function get(mock: RunningMock, probe: Probe): Promise<Answer> {
  const response = await request(mock.url + probe.path, { headers: probe.headers });
  const text = (await response.body.text()).split(mock.url).join('{origin}');
  const { 'content-type': type, 'content-language': language } = response.headers;
  return { status: response.statusCode, text, headers: JSON.stringify({ type, language }) };
}

const q = (parameters: Record<string, string>) =>
  '?' +
  Object.entries(parameters)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
const nodeProducts = (catalog: string, release: string, node: string) =>
  `/catalogs/${catalog}/releases/${release}/nodes/${node}/relationships/products`;

/** Subscription list requests: every page at two page sizes, each include, and each filter attribute. */
function subscriptionProbes(sample: { attributes: Record<string, unknown> }): Probe[] {
  const total = SIZES.subscriptions + 2; // the seeded ones plus the two fixture subscriptions
  const probes: Probe[] = [{ path: SUBSCRIPTIONS }];
  for (const limit of [7, 50])
    for (let offset = 0; offset < total; offset += limit)
      probes.push({
        path: SUBSCRIPTIONS + q({ 'page[limit]': String(limit), 'page[offset]': String(offset) }),
      });
  for (const include of ['plans', 'products', 'plans,products'])
    for (const offset of ['0', '40', '100'])
      probes.push({ path: SUBSCRIPTIONS + q({ include, 'page[offset]': offset }) });
  const { account_id, email, name } = sample.attributes as Record<string, string>;
  const filters = [
    `eq(account_id,${ids.subscriptions.account_id})`,
    `eq(account_id,${account_id})`,
    `eq(email,${email})`,
    `eq(name,"${name}")`,
    'eq(external_ref,fixture-active-subscription)',
    `eq(account_id,${account_id}):eq(email,${email})`,
  ];
  for (const filter of filters)
    probes.push({ path: SUBSCRIPTIONS + q({ filter, include: 'plans,products' }) });
  probes.push(
    { path: SUBSCRIPTIONS + q({ 'page[limit]': '0' }) },
    { path: SUBSCRIPTIONS + q({ filter: 'eq(' }) },
  );
  return probes;
}

/** Node products requests: the fixed nodes in every readable release, pages, includes, languages, filters. */
function nodeProductProbes(productIds: string[]): Probe[] {
  const { root_node_id, node_id, deep_node_id, empty_node_id } = ids.catalog;
  const releases = ['latest', ...releaseIds.slice(1)];
  const probes: Probe[] = [];
  for (const release of releases)
    for (const node of [root_node_id, node_id, deep_node_id, empty_node_id])
      probes.push({ path: nodeProducts(catalogId, release, node) });
  const showcase = (release: string) => nodeProducts(catalogId, release, node_id);
  for (const release of ['latest', releaseIds[3] ?? ''])
    for (const offset of [0, 10, 20, 30, 40, 50, 60])
      probes.push({ path: showcase(release) + q({ 'page[limit]': '10', 'page[offset]': String(offset) }) });
  for (const include of ['component_products', 'main_image', 'files', 'component_products,main_image,files'])
    probes.push({ path: showcase('latest') + q({ include, 'page[limit]': '100' }) });
  for (const language of LANGUAGES)
    probes.push(
      { path: showcase('latest') + q({ 'page[limit]': '100' }), headers: { 'accept-language': language } },
      {
        path: showcase(releaseIds[2] ?? '') + q({ include: 'files' }),
        headers: { 'accept-language': language },
      },
    );
  for (const filter of [
    'eq(product_types,bundle)',
    'eq(product_types,parent)',
    'in(product_types,child,bundle)',
  ])
    probes.push({ path: showcase('latest') + q({ filter, include: 'component_products' }) });
  probes.push({ path: showcase('latest') + q({ filter: `in(id,${productIds.join(',')})` }) });
  probes.push({ path: nodeProducts(catalogId, releaseIds[0] ?? '', node_id) }); // no longer published: 404
  return probes;
}

/** The seeded (not fixed) catalogs: their ids and nodes come from the seed, read from a store seeded alike. */
function seededCatalogProbes(): Probe[] {
  const store = seededCatalogStore({ seed: SEED, products: SIZES.products });
  return store.catalogs.slice(1).flatMap((skeleton) => {
    const nodes = [...(store.catalog(skeleton.id)?.nodes.keys() ?? [])];
    return nodes.flatMap((node) => [
      {
        path:
          nodeProducts(skeleton.id, 'latest', node) + q({ include: 'component_products,main_image,files' }),
      },
      {
        path: nodeProducts(skeleton.id, skeleton.releases.at(-2)?.id ?? '', node),
        headers: { 'accept-language': 'de-DE' },
      },
    ]);
  });
}

let first: RunningMock;
let second: RunningMock;
let other: RunningMock;
let probes: Probe[];

beforeAll(async () => {
  [first, second, other] = await Promise.all([
    startMock({ port: 0, seed: SEED, ...SIZES, logLevel: 'silent' }),
    startMock({ port: 0, seed: SEED, ...SIZES, logLevel: 'silent' }),
    startMock({ port: 0, seed: OTHER_SEED, ...SIZES, logLevel: 'silent' }),
  ]);
  const sample = JSON.parse((await get(first, { path: `${SUBSCRIPTIONS}?page[offset]=30` })).text) as {
    data: { attributes: Record<string, unknown> }[];
  };
  const page = JSON.parse(
    (await get(first, { path: nodeProducts(catalogId, 'latest', ids.catalog.node_id) })).text,
  ) as {
    data: { id: string }[];
  };
  const productIds = page.data.map((product) => product.id).filter((_, i) => i % 3 === 0);
  probes = [
    ...subscriptionProbes(sample.data[0] ?? { attributes: {} }),
    ...nodeProductProbes(productIds),
    ...seededCatalogProbes(),
  ];
});
afterAll(() => Promise.all([first.close(), second.close(), other.close()]));

/** The second mock's answers, asked in reverse order, eight at a time. */
async function askedBackwards(mock: RunningMock): Promise<Answer[]> {
  const answers: Answer[] = new Array<Answer>(probes.length);
  const order = probes.map((_, i) => i).reverse();
  for (let start = 0; start < order.length; start += 8)
    await Promise.all(
      order.slice(start, start + 8).map(async (i) => {
        answers[i] = await get(mock, probes[i] as Probe);
      }),
    );
  return answers;
}

describe('determinism per seed', () => {
  it('gives byte-identical GET responses from two mocks with the same seed and sizes', async () => {
    const answersOfFirst: Answer[] = [];
    for (const probe of probes) answersOfFirst.push(await get(first, probe));
    const answersOfSecond = await askedBackwards(second);
    const differences = probes
      .map((probe, i) => ({ probe, a: answersOfFirst[i], b: answersOfSecond[i] }))
      .filter(({ a, b }) => a?.status !== b?.status || a?.headers !== b?.headers || a?.text !== b?.text)
      .map(
        ({ probe, a, b }) => `${probe.path} ${JSON.stringify(probe.headers ?? {})}: ${firstDifference(a, b)}`,
      );
    const statuses = answersOfFirst.map((answer) => answer.status);
    console.log(
      `determinism: ${probes.length} GET responses compared (${statuses.filter((s) => s === 200).length} of them 200), ${differences.length} different`,
    );
    expect(differences).toEqual([]);
    // The probes must mostly succeed, or byte-identical error bodies would prove little.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(probes.length * 0.9);
  });

  it('gives the same answers to the same mock asked twice', async () => {
    const sample = probes.filter((_, i) => i % 5 === 0);
    for (const probe of sample) expect(await get(first, probe)).toEqual(await get(first, probe));
  });

  const otherSeedCases = [
    { title: 'the first page of subscriptions', path: SUBSCRIPTIONS },
    {
      title: 'a later page of subscriptions with plans',
      path: `${SUBSCRIPTIONS}?page[offset]=60&include=plans`,
    },
    { title: "the showcase node's products", path: nodeProducts(catalogId, 'latest', ids.catalog.node_id) },
    { title: "the deep node's products", path: nodeProducts(catalogId, 'latest', ids.catalog.deep_node_id) },
  ];

  it.each(otherSeedCases)('gives other data for $title with another seed', async ({ path }) => {
    const [mine, theirs] = await Promise.all([get(first, { path }), get(other, { path })]);
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    expect(theirs.text).not.toEqual(mine.text);
  });

  it('keeps the fixed records and the fixed catalog shape under another seed', async () => {
    const count = async (mock: RunningMock, path: string) => {
      const body = JSON.parse((await get(mock, { path })).text) as {
        data: unknown[];
        meta?: { results: { total: number } };
      };
      return body.meta?.results.total ?? body.data.length;
    };
    const fixtureAccount = `${SUBSCRIPTIONS}?filter=${encodeURIComponent(`eq(account_id,${ids.subscriptions.account_id})`)}`;
    const showcase = nodeProducts(catalogId, 'latest', ids.catalog.node_id);
    expect(await count(other, fixtureAccount)).toBe(await count(first, fixtureAccount));
    expect(await count(other, fixtureAccount)).toBeGreaterThan(0);
    expect(await count(other, showcase)).toBe(await count(first, showcase));
  });
});

/** Where two answers part, with some context, for a readable failure. */
function firstDifference(a: Answer | undefined, b: Answer | undefined): string {
  if (a === undefined || b === undefined) return 'missing answer';
  if (a.status !== b.status) return `status ${a.status} vs ${b.status}`;
  if (a.headers !== b.headers) return `headers ${a.headers} vs ${b.headers}`;
  let at = 0;
  while (at < a.text.length && a.text[at] === b.text[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 60), at + 60);
  return `bodies differ at character ${at}: ...${around(a.text)}... vs ...${around(b.text)}...`;
}
