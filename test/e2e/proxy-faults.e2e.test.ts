import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../faults/faults.js';
import { startProxiedMock, type ProxiedMock } from '../faults/proxied-mock.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { startProxyRun, type ProxyRun } from '../proxy/proxy-run.js';

const { catalog, subscriptions } = FIXTURE_IDS;
const NODE = `/catalogs/${catalog.catalog_id}/releases/latest/nodes/${catalog.node_id}/relationships/products`;
const LIST = '/subscriptions/subscriptions';

interface Violation {
  checkId: string;
  rule: string;
  source: string;
  operation: string;
  request: { url: string };
  response: { status: number };
}

let mock: ProxiedMock;
let proxy: ProxyRun;
beforeAll(async () => {
  mock = await startProxiedMock();
  proxy = await startProxyRun(mock.proxy.url);
});
afterAll(async () => {
  await proxy.stop();
  await mock.close();
});

async function get(path: string): Promise<unknown> {
  const answer = await request(`${proxy.url}${path}`);
  const text = await answer.body.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A value of the first product of the node, read through the proxy before the fault is on. */
async function firstProduct(): Promise<{ sku: string; total: number }> {
  const body = (await get(`${NODE}?page[limit]=1`)) as {
    data: Array<{ attributes: { sku: string } }>;
    meta: { results: { total: number } };
  };
  return { sku: body.data[0]?.attributes.sku ?? '', total: body.meta.results.total };
}

/**
 * Each mutant one exchange can show, the requests an app would send that show it, and the check and rule the
 * proxy must report (the kit's own rule texts).
 */
const cases: Array<{
  fault: string;
  paths: (seen: { sku: string; total: number }) => string[];
  checkId: string;
  rule: string;
}> = [
  {
    fault: 'subscriptions-filter-ignored',
    paths: () => [`${LIST}?filter=eq(account_id,${subscriptions.account_id})`],
    checkId: 'rules.every-exchange',
    rule: 'every record of a filtered page satisfies the filter',
  },
  {
    fault: 'sku-filter-ignored',
    paths: ({ sku }) => [`${NODE}?filter=eq(sku,${sku})`],
    checkId: 'rules.every-exchange',
    rule: 'every record of a filtered page satisfies the filter',
  },
  {
    fault: 'limit-ignored',
    paths: () => [`${LIST}?page[limit]=5`],
    checkId: 'rules.every-exchange',
    rule: 'a page holds at most page[limit] records (at most 100)',
  },
  {
    fault: 'page-over-100-records',
    paths: () => [`${LIST}?page[limit]=150`],
    checkId: 'limits.subscriptions-page-size',
    rule: 'Limits: a page holds at most 100 records',
  },
  {
    fault: 'node-products-page-of-101',
    paths: () => [`${NODE}?page[limit]=100`],
    checkId: 'limits.node-products-page-size',
    rule: 'Limits: a page holds at most 100 records',
  },
  {
    fault: 'included-plan-missing',
    paths: () => [`${LIST}?include=plans`],
    checkId: 'rules.every-exchange',
    rule: 'included.plans holds the plan of every subscription of the page (its plan_id)',
  },
  {
    fault: 'include-ignored',
    paths: () => [`${LIST}?include=plans,products`],
    checkId: 'rules.every-exchange',
    // An asked key with nothing in it may be left out (decisions.md, Include): what the page references is missing.
    rule: 'included.plans holds the plan of every subscription of the page (its plan_id)',
  },
  {
    fault: 'draft-product-leaks',
    paths: () => [`${NODE}?page[limit]=5`],
    checkId: 'catalog.live-only',
    rule: 'only products in live status are returned',
  },
  {
    fault: 'results-total-is-page-size',
    paths: () => [`${NODE}?page[limit]=2`],
    checkId: 'rules.every-exchange',
    rule: 'links.last points where the paging arithmetic says (null when there is none)',
  },
  {
    fault: 'results-total-off-by-one',
    // The total counts one record too many: the last page holds one record fewer than it says remain.
    paths: ({ total }) => [`${NODE}?page[limit]=5&page[offset]=${total - 1}`],
    checkId: 'rules.every-exchange',
    rule: 'a short page ends the collection: offset + records = meta.results.total',
  },
  {
    fault: 'page-current-off-by-one',
    paths: () => [`${NODE}?page[limit]=2&page[offset]=2`],
    checkId: 'rules.every-exchange',
    rule: 'meta.page.current = floor(offset / limit) + 1',
  },
  {
    fault: 'subscription-without-plan-id',
    paths: () => [`${LIST}?page[limit]=3`],
    checkId: 'schema.all-responses',
    rule: "the listSubscriptions body matches the spec's 200 response schema",
  },
  {
    fault: 'html-content-type',
    paths: () => [`${LIST}?page[limit]=3`],
    checkId: 'status.content-type',
    rule: 'response bodies are JSON, declared as application/json',
  },
];

describe('subcat proxy behind the fault proxy', () => {
  it.each(cases)('reports $fault with $checkId', async ({ fault, paths, checkId, rule }) => {
    const known = FAULTS.find((f) => f.name === fault);
    if (known === undefined) throw new Error(`no fault ${fault}`);
    mock.proxy.use((req, forward) => forward(req));
    const seen = await firstProduct();
    mock.proxy.use(known.handler());
    await request(`${proxy.url}/__subcat/violations`, { method: 'DELETE' });
    for (const path of paths(seen)) await get(path);
    expect(mock.proxy.touched).toBeGreaterThan(0);
    const answer = await request(`${proxy.url}/__subcat/violations`);
    const { data } = (await answer.body.json()) as { data: Violation[] };
    const found = data.filter((v) => v.checkId === checkId);
    expect(found.map((v) => v.rule)).toContain(rule);
    expect(found[0]?.request.url).toContain(mock.proxy.url);
  });

  it('reports nothing when the fault proxy passes every answer through', async () => {
    mock.proxy.use((req, forward) => forward(req));
    await request(`${proxy.url}/__subcat/violations`, { method: 'DELETE' });
    const seen = await firstProduct();
    for (const { paths } of cases) for (const path of paths(seen)) await get(path);
    const answer = await request(`${proxy.url}/__subcat/violations`);
    expect(((await answer.body.json()) as { data: Violation[] }).data).toEqual([]);
  });
});
