import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../conformance/cli.js';
import { startMock, type RunningMock } from '../../src/index.js';

interface JsonReport {
  summary: { passed: number; failed: number; warned: number; skipped: number };
  results: Array<{ check: string; family: string; outcome: string; message: string }>;
}

const ids = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/ids.json'), 'utf8')) as {
  catalog: { release_ids: string[] };
};

const SEMANTIC_FAMILIES = ['filters', 'paging', 'include', 'catalog', 'lifecycle', 'limits'];

let dir: string;
let reportCount = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'subcat-kit-mock-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the kit in process and reads its JSON report. */
async function kit(args: string[]): Promise<{ code: number; report: JsonReport }> {
  const file = join(dir, `kit-${++reportCount}.json`);
  const code = await main([...args, '--report', `json=${file}`], { stdout: () => {}, stderr: () => {} });
  return { code, report: JSON.parse(await readFile(file, 'utf8')) as JsonReport };
}

const broken = (report: JsonReport) =>
  report.results.filter((result) => result.outcome === 'failed' || result.outcome === 'warned');

describe('subcat check against the mock', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, logLevel: 'silent' });
  });
  afterAll(async () => {
    await mock.close();
  });

  const modes = [
    { label: 'by default', flags: [] },
    { label: 'with --strict', flags: ['--strict'] },
  ];
  it.each(modes)('finds no failure and no warning $label', async ({ flags }) => {
    const { code, report } = await kit(['--base-url', mock.url, '--seed', '1', ...flags]);
    expect(broken(report)).toEqual([]);
    expect(report.summary.failed + report.summary.warned).toBe(0);
    expect(code).toBe(0);
    // Every semantic check really ran: only the response-time budget, not asked for, is skipped.
    expect(report.results.filter((r) => r.outcome === 'skipped').map((r) => r.check)).toEqual([
      'robustness.response-time',
    ]);
    for (const family of SEMANTIC_FAMILIES) {
      expect(report.results.filter((r) => r.family === family).length).toBeGreaterThan(2);
    }
  });

  it('skips the lifecycle and writes nothing with --read-only, still without failures', async () => {
    const { code, report } = await kit(['--base-url', mock.url, '--seed', '2', '--read-only']);
    expect(broken(report)).toEqual([]);
    expect(code).toBe(0);
    const lifecycle = report.results.filter((r) => r.family === 'lifecycle');
    expect(lifecycle.length).toBe(4);
    expect(lifecycle.every((r) => r.outcome === 'skipped')).toBe(true);
    expect(report.results.find((r) => r.check === 'filters.subscriptions-eq-email')?.outcome).toBe('passed');
  });

  it('skips catalog.latest-alias when the named release is older than latest', async () => {
    const older = ids.catalog.release_ids.at(-2) ?? '';
    const { report } = await kit(['--base-url', mock.url, '--only', 'catalog', '--release-id', older]);
    const alias = report.results.find((r) => r.check === 'catalog.latest-alias');
    expect(alias?.outcome).toBe('skipped');
    expect(alias?.message).toContain('published before latest');
    expect(broken(report)).toEqual([]);
  });
});

/** A deliberate break between the kit and the mock: on the request (URL, body) or on the answer. */
interface Fault {
  name: string;
  only: string;
  check: string;
  outcome: 'failed' | 'warned';
  request?: (url: URL, method: string, body: unknown) => unknown;
  response?: (body: Record<string, unknown>, url: URL, method: string) => void;
}

type Json = Record<string, unknown>;
const records = (body: Json) => (Array.isArray(body.data) ? (body.data as Json[]) : []);
const attributes = (record: Json) => (record.attributes ?? {}) as Json;
const meta = (record: Json) => (record.meta ?? {}) as Json;
const isProducts = (url: URL) => url.pathname.endsWith('/relationships/products');
const isSubscriptions = (url: URL) => url.pathname.endsWith('/subscriptions/subscriptions');

const FAULTS: Fault[] = [
  {
    name: 'ignores the subscriptions filter',
    only: 'filters.subscriptions',
    check: 'filters.subscriptions-eq-account-id',
    outcome: 'failed',
    request: (url) => isSubscriptions(url) && url.searchParams.delete('filter'),
  },
  {
    name: 'ignores filters on tags',
    only: 'filters.node-products-eq-tags',
    check: 'filters.node-products-eq-tags',
    outcome: 'failed',
    request: (url) =>
      url.searchParams.get('filter')?.includes('tags') === true && url.searchParams.delete('filter'),
  },
  {
    name: 'loses the last record of a filtered page',
    only: 'filters.node-products-in-product-types',
    check: 'filters.node-products-in-product-types',
    outcome: 'failed',
    response: (body, url) => {
      if (url.searchParams.has('filter') && records(body).length > 1) records(body).pop();
    },
  },
  {
    name: 'drops the second expression of a filter',
    only: 'filters.node-products-and',
    check: 'filters.node-products-and',
    outcome: 'warned',
    request: (url) => {
      const filter = url.searchParams.get('filter');
      if (filter?.includes('):') === true)
        url.searchParams.set('filter', filter.slice(0, filter.indexOf('):') + 1));
    },
  },
  {
    name: 'repeats a record across pages',
    only: 'paging.node-products-walk',
    check: 'paging.node-products-walk',
    outcome: 'failed',
    request: (url) => {
      const offset = Number(url.searchParams.get('page[offset]') ?? 0);
      if (offset > 0) url.searchParams.set('page[offset]', String(offset - 1));
    },
  },
  {
    name: 'ignores page[offset] on subscriptions',
    only: 'paging.subscriptions-walk',
    check: 'paging.subscriptions-walk',
    outcome: 'failed',
    request: (url) => isSubscriptions(url) && url.searchParams.delete('page[offset]'),
  },
  {
    name: 'miscounts meta.results.total',
    only: 'paging.node-products-meta',
    check: 'paging.node-products-meta',
    outcome: 'failed',
    response: (body) => {
      const results = (body.meta as Json | undefined)?.results as Json | undefined;
      if (typeof results?.total === 'number') results.total += 1;
    },
  },
  {
    name: 'gives the only page a next link',
    only: 'paging.node-products-links',
    check: 'paging.node-products-links',
    outcome: 'failed',
    response: (body) => {
      const links = body.links as Json | undefined;
      if (links !== undefined && links.last === null) links.next = links.self;
    },
  },
  {
    name: 'loses the subscriptions the kit created',
    only: 'lifecycle',
    check: 'lifecycle.create-then-find',
    outcome: 'failed',
    response: (body, url, method) => {
      if (method === 'GET' && isSubscriptions(url)) {
        body.data = records(body).filter(
          (r) => !String(attributes(r).external_ref).startsWith('subcat-kit-'),
        );
      }
    },
  },
  {
    name: 'ignores the plan switch',
    only: 'lifecycle.plan-switch',
    check: 'lifecycle.plan-switch',
    outcome: 'failed',
    request: (_url, method, body) => {
      if (method !== 'PUT') return body;
      const data = (body as { data: { attributes: Json } }).data;
      delete data.attributes.plan_id;
      return body;
    },
  },
  {
    name: 'drops subscriptions it created from the unfiltered list',
    only: 'lifecycle',
    check: 'lifecycle.nothing-lost',
    outcome: 'failed',
    response: (body, url, method) => {
      if (method === 'GET' && isSubscriptions(url) && !url.searchParams.has('filter')) {
        body.data = records(body).filter(
          (r) => !String(attributes(r).external_ref).startsWith('subcat-kit-'),
        );
      }
    },
  },
  {
    name: 'matches tags case-sensitively',
    only: 'filters.node-products-eq-tags',
    check: 'filters.node-products-eq-tags',
    outcome: 'warned',
    request: (url) => {
      const filter = url.searchParams.get('filter') ?? '';
      if (filter.startsWith('eq(tags,') && filter !== filter.toLowerCase())
        url.searchParams.set('filter', 'eq(tags,none)');
    },
  },
  {
    name: 'drops the filter from its links',
    only: 'paging.node-products-links',
    check: 'paging.node-products-links',
    outcome: 'warned',
    response: (body) => {
      const links = (body.links ?? {}) as Json;
      for (const [name, link] of Object.entries(links)) {
        if (typeof link !== 'string') continue;
        const url = new URL(link);
        url.searchParams.delete('filter');
        links[name] = url.href;
      }
    },
  },
  {
    name: 'serves a draft product',
    only: 'catalog.live-only',
    check: 'catalog.live-only',
    outcome: 'failed',
    response: (body, url) => {
      const first = records(body)[0];
      if (isProducts(url) && first !== undefined) attributes(first).status = 'draft';
    },
  },
  {
    name: 'lists empty variations',
    only: 'catalog.variations-omitted',
    check: 'catalog.variations-omitted',
    outcome: 'failed',
    response: (body) => records(body).forEach((r) => (meta(r).variations ??= [])),
  },
  {
    name: 'shows curated_product false',
    only: 'catalog.curated-flag',
    check: 'catalog.curated-flag',
    outcome: 'failed',
    response: (body, url) =>
      isProducts(url) && records(body).forEach((r) => (attributes(r).curated_product ??= false)),
  },
  {
    name: 'serves an older release as latest',
    only: 'catalog.latest-alias',
    check: 'catalog.latest-alias',
    outcome: 'failed',
    request: (url) => {
      url.pathname = url.pathname.replace(
        '/releases/latest/',
        `/releases/${ids.catalog.release_ids.at(-2) ?? ''}/`,
      );
    },
  },
  {
    name: 'ignores accept-language',
    only: 'catalog.accept-language',
    check: 'catalog.accept-language',
    outcome: 'warned',
    response: (body) => records(body).forEach((r) => (meta(r).language = 'en-US')),
  },
  {
    name: 'puts curated products last',
    only: 'catalog.curated-first',
    check: 'catalog.curated-first',
    outcome: 'warned',
    response: (body, url) => isProducts(url) && records(body).reverse(),
  },
  {
    name: 'drops a tier minimum_quantity',
    only: 'catalog.tiers-minimum-quantity',
    check: 'catalog.tiers-minimum-quantity',
    outcome: 'failed',
    response: (body) =>
      records(body).forEach((r) =>
        Object.values((attributes(r).tiers ?? {}) as Json).forEach(
          (t) => delete (t as Json).minimum_quantity,
        ),
      ),
  },
  {
    name: "leaves a subscription's plan out of included",
    only: 'include.subscriptions-plans',
    check: 'include.subscriptions-plans',
    outcome: 'failed',
    response: (body) => {
      const included = body.included as { plans?: Json[] } | undefined;
      const planId = attributes(records(body)[0] ?? {}).plan_id;
      if (included?.plans !== undefined) included.plans = included.plans.filter((plan) => plan.id !== planId);
    },
  },
  {
    name: 'includes products that were not asked for',
    only: 'include.subscriptions-plans',
    check: 'include.subscriptions-plans',
    outcome: 'warned',
    response: (body, url) => {
      if (url.searchParams.get('include') === 'plans') (body.included as Json).products = [];
    },
  },
  {
    name: 'nests breadcrumbs deeper than ten levels',
    only: 'limits.breadcrumb-depth',
    check: 'limits.breadcrumb-depth',
    outcome: 'failed',
    response: (body) =>
      records(body).forEach(
        (r) => (meta(r).bread_crumb_nodes = Array.from({ length: 11 }, (_, i) => `n${i}`)),
      ),
  },
  {
    name: 'serves more than 100 records on a page',
    only: 'limits.node-products-page-size',
    check: 'limits.node-products-page-size',
    outcome: 'failed',
    response: (body, url) => {
      if (isProducts(url) && url.searchParams.get('page[limit]') === '100') {
        body.data = Array.from(
          { length: 101 },
          (_, i) => records(body)[i % Math.max(1, records(body).length)],
        );
      }
    },
  },
];

/** A proxy in front of the mock that applies the current fault; links are rewritten to point back at it. */
function startProxy(
  target: string,
  fault: () => Fault | undefined,
): Promise<{ server: Server; base: string }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        const current = fault();
        const method = req.method ?? 'GET';
        const url = new URL(`${target}${req.url ?? '/'}`);
        // The semantic families send only JSON bodies; anything else goes through untouched.
        let body: unknown;
        try {
          body = raw === '' ? undefined : (JSON.parse(raw) as unknown);
        } catch {
          body = raw;
        }
        const changed = current?.request?.(url, method, body);
        if (method === 'PUT' || method === 'POST') body = changed ?? body;
        const language = req.headers['accept-language'];
        const answer = await request(url, {
          method: method as 'GET',
          headers: {
            ...(language === undefined ? {} : { 'accept-language': language }),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
        });
        let text = await answer.body.text();
        if (current?.response !== undefined && text.startsWith('{')) {
          const parsed = JSON.parse(text) as Json;
          current.response(parsed, url, method);
          text = JSON.stringify(parsed);
        }
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        const chosen = answer.headers['content-language'];
        if (typeof chosen === 'string') headers['content-language'] = chosen;
        res.writeHead(answer.statusCode, headers).end(text.replaceAll(target, base));
      })().catch((error: unknown) => res.writeHead(502).end(String(error)));
    });
  });
  let base = '';
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({ server, base });
    }),
  );
}

describe('the semantic families catch deliberate faults', () => {
  let mock: RunningMock;
  let proxy: { server: Server; base: string };
  let current: Fault | undefined;
  beforeAll(async () => {
    mock = await startMock({ port: 0, logLevel: 'silent' });
    proxy = await startProxy(mock.url, () => current);
  });
  afterAll(async () => {
    proxy.server.closeAllConnections();
    await new Promise((resolve) => proxy.server.close(resolve));
    await mock.close();
  });

  it('passes through the proxy when no fault is applied', async () => {
    current = undefined;
    const { report } = await kit([
      '--base-url',
      proxy.base,
      '--only',
      SEMANTIC_FAMILIES.join(','),
      '--seed',
      '3',
    ]);
    expect(broken(report)).toEqual([]);
  });

  it.each(FAULTS.map((fault) => [fault.name, fault] as const))(
    'catches a server that %s',
    async (_, fault) => {
      current = fault;
      const { report } = await kit(['--base-url', proxy.base, '--only', fault.only, '--seed', '3']);
      expect(report.results.find((r) => r.check === fault.check)?.outcome).toBe(fault.outcome);
    },
  );
});
