import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../conformance/cli.js';
import { xmlProblems } from '../../conformance/reporters/xml-well-formed.js';
import { SpecValidator } from '../../conformance/schema.js';
import { loadSpec } from '../../conformance/spec.js';

/** How the fake implementation behaves: conformant, or with one deliberate difference. */
type Mode = 'good' | 'crash-on-bad-input' | 'create-200';

// The fake below answers shapes, statuses and rejections right but does not filter, page or include:
// the semantic families are exercised against the real mock and the fault proxy (kit-mock, kit-faults).
const CORE_FAMILIES = ['--only', 'status,schema,rejection,robustness'];

const IDS = { catalog: 'cat-1', release: 'rel-1', node: 'node-1' };
const SECRET = 'Bearer s3cr3t-t0ken';
const SUBSCRIPTION_FILTERS: Record<string, string[]> = {
  eq: ['account_id', 'name', 'email', 'external_ref'],
};
const PRODUCT_ATTRIBUTES = [
  'name',
  'sku',
  'slug',
  'manufacturer_part_num',
  'upc_ean',
  'product_types',
  'tags',
];
const NODE_FILTERS: Record<string, string[]> = { eq: PRODUCT_ATTRIBUTES, in: ['id', ...PRODUCT_ATTRIBUTES] };
const NOW = '2026-01-01T00:00:00.000Z';

interface Fake {
  server: Server;
  base: string;
  /** `METHOD path?query body` of every request, host left out, for determinism checks. */
  log: string[];
  authorizations: Set<string | undefined>;
}

/** Where the fake answers a request it must reject: 4xx normally, 500 in the crashing mode. */
class Rejected extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
  }
}

const validator = new SpecValidator(loadSpec());

/** A tiny implementation of the four operations: spec-valid canned bodies, the documented rejections. */
async function startFake(mode: Mode, prefix = ''): Promise<Fake> {
  const subscriptions = new Map<string, Record<string, unknown>>();
  let counter = 0;
  const nextId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;
  const fake: Fake = { server: createServer(), base: '', log: [], authorizations: new Set() };

  const handle = (
    req: IncomingMessage,
    raw: string,
    res: ServerResponse,
  ): { status: number; body: unknown } => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (!url.pathname.startsWith(`${prefix}/`)) throw new Rejected(404, 'outside the base path');
    const path = url.pathname.slice(prefix.length).split('/').slice(1);
    const self = `${fake.base}${url.pathname}${url.search}`;
    const links = { self, first: self, last: null, prev: null, next: null };
    if (path.join('/') === 'subscriptions/subscriptions' && req.method === 'POST') {
      const body = readJson(req, raw);
      if (validator.validateRequest('createSubscription', body).length > 0)
        throw new Rejected(400, 'invalid body');
      const data = (body as { data: Record<string, unknown> & { offering: { name: string } } }).data;
      const id = nextId();
      const subscription = {
        id,
        type: 'subscription',
        attributes: {
          account_id: data.account_id,
          currency: data.currency,
          plan_id: nextId(),
          offering: {
            id: nextId(),
            type: 'subscription_offering',
            attributes: { name: data.offering.name, updated_at: NOW, created_at: NOW },
            meta: {
              external_product_refs: [],
              owner: 'store',
              timestamps: { updated_at: NOW, created_at: NOW },
            },
          },
        },
        meta: { owner: 'store', status: 'active', timestamps: { updated_at: NOW, created_at: NOW } },
      };
      subscriptions.set(id, subscription);
      res.setHeader('location', `${fake.base}${prefix}/subscriptions/subscriptions/${id}`);
      return { status: mode === 'create-200' ? 200 : 201, body: { data: subscription } };
    }
    if (path.join('/') === 'subscriptions/subscriptions' && req.method === 'GET') {
      checkPaging(url.searchParams);
      checkFilter(url.searchParams.get('filter'), SUBSCRIPTION_FILTERS);
      const include = url.searchParams.get('include');
      if (include !== null && !/^(plans|products)(,(plans|products))?$/.test(include))
        throw new Rejected(400, 'include');
      return { status: 200, body: { data: [...subscriptions.values()].slice(0, 25), links } };
    }
    if (
      path.length === 3 &&
      path[0] === 'subscriptions' &&
      path[1] === 'subscriptions' &&
      req.method === 'PUT'
    ) {
      const id = decodeURIComponent(path[2] ?? '');
      const known = subscriptions.get(id);
      if (known === undefined) throw new Rejected(404, 'unknown subscription');
      const body = readJson(req, raw);
      const data = (body as { data?: { id?: unknown; type?: unknown } } | null)?.data;
      if (data?.id !== id || data.type !== 'subscription') throw new Rejected(409, 'id or type mismatch');
      if (validator.validateRequest('updateSubscription', body).length > 0)
        throw new Rejected(400, 'invalid body');
      return { status: 200, body: { data: known } };
    }
    const [catalogs, catalog, releases, release, nodes, node, relationships, products] = path;
    if (
      catalogs === 'catalogs' &&
      releases === 'releases' &&
      nodes === 'nodes' &&
      relationships === 'relationships'
    ) {
      if (products !== 'products' || path.length !== 8 || req.method !== 'GET')
        throw new Rejected(404, 'unknown path');
      if (catalog !== IDS.catalog || release !== IDS.release || node !== IDS.node)
        throw new Rejected(404, 'unknown id');
      const page = checkPaging(url.searchParams);
      checkFilter(url.searchParams.get('filter'), NODE_FILTERS);
      const product = {
        id: '11111111-1111-4111-8111-111111111111',
        type: 'product',
        attributes: { name: 'Green tea', sku: 'TEA-1', slug: 'green-tea', status: 'live', tags: ['tea'] },
        meta: { catalog_source: 'pim', bread_crumb_nodes: [IDS.node], product_types: ['standard'] },
      };
      const meta = {
        results: { total: 1 },
        page: { limit: page.limit, offset: page.offset, current: 1, total: 1 },
      };
      return { status: 200, body: { meta, data: page.offset === 0 ? [product] : [], links } };
    }
    throw new Rejected(404, 'unknown path');
  };

  fake.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      fake.log.push(`${req.method} ${req.url?.replace(/^\/?/, '/')} ${raw}`);
      fake.authorizations.add(req.headers.authorization);
      try {
        const { status, body } = handle(req, raw, res);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      } catch (error) {
        const status = error instanceof Rejected ? error.status : 400;
        if (mode === 'crash-on-bad-input') {
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
          return;
        }
        const detail = error instanceof Error ? error.message : 'bad request';
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ errors: [{ status: String(status), title: 'Rejected', detail }] }));
      }
    });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.base = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

function readJson(req: IncomingMessage, raw: string): unknown {
  if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
    throw new Rejected(415, 'not JSON');
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new Rejected(400, 'malformed JSON');
  }
}

function checkPaging(query: URLSearchParams): { limit: number; offset: number } {
  const read = (name: string, fallback: number, min: number, max: number) => {
    const raw = query.get(name);
    if (raw === null) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new Rejected(400, name);
    return Number(raw);
  };
  return { limit: read('page[limit]', 25, 1, 100), offset: read('page[offset]', 0, 0, 10000) };
}

function checkFilter(raw: string | null, grammar: Record<string, string[]>): void {
  if (raw === null) return;
  const expressions = raw.split(':');
  if (expressions.length > 10) throw new Rejected(400, 'too many filters');
  for (const expression of expressions) {
    const match = /^(\w+)\(([^()]*)\)$/.exec(expression);
    const [attribute, ...values] = (match?.[2] ?? '').split(',');
    const op = match?.[1] ?? '';
    if (match === null || !(grammar[op] ?? []).includes(attribute ?? '') || values.length === 0) {
      throw new Rejected(400, 'filter');
    }
    if (values.some((value) => value === '') || (op === 'eq' && values.length !== 1))
      throw new Rejected(400, 'filter');
  }
}

async function stopFake(fake: Fake): Promise<void> {
  fake.server.closeAllConnections();
  await new Promise((resolve) => fake.server.close(resolve));
}

interface KitRun {
  code: number;
  stdout: string;
  stderr: string;
}

async function kit(args: string[]): Promise<KitRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

const idArgs = ['--catalog-id', IDS.catalog, '--release-id', IDS.release, '--node-id', IDS.node];

interface JsonReport {
  summary: Record<string, number>;
  results: Array<{
    check: string;
    outcome: string;
    message?: string;
    failures: Array<{ curl?: string; source: string }>;
  }>;
}

/** The three report files of a run, written into `dir`. */
const reportArgs = (dir: string) => [
  '--report',
  `json=${join(dir, 'kit.json')}`,
  '--report',
  `junit=${join(dir, 'kit.xml')}`,
  '--report',
  `html=${join(dir, 'kit.html')}`,
];

const jsonReport = async (dir: string) =>
  JSON.parse(await readFile(join(dir, 'kit.json'), 'utf8')) as JsonReport;

describe('subcat check against a conformant fake', () => {
  let fake: Fake;
  let dir: string;
  let run: KitRun;
  beforeAll(async () => {
    fake = await startFake('good', '/staging');
    dir = await mkdtemp(join(tmpdir(), 'subcat-kit-'));
    run = await kit([
      '--base-url',
      `${fake.base}/staging/`,
      ...idArgs,
      ...CORE_FAMILIES,
      '--header',
      `Authorization: ${SECRET}`,
      '--seed',
      '7',
      ...reportArgs(dir),
    ]);
  });
  afterAll(async () => {
    await stopFake(fake);
    await rm(dir, { recursive: true, force: true });
  });

  it('exits 0 with no failure and no warning, through a base path', async () => {
    const report = await jsonReport(dir);
    const broken = report.results.filter(
      (result) => result.outcome === 'failed' || result.outcome === 'warned',
    );
    expect(broken).toEqual([]);
    expect(run.code).toBe(0);
    expect(report.summary.passed).toBeGreaterThan(15);
  });

  it('sends every request under the base path and with the given header', () => {
    expect(fake.log.length).toBeGreaterThan(50);
    expect(fake.log[0]).toBe('GET /staging '); // the reachability probe, on the base URL itself
    expect(fake.log.slice(1).every((line) => line.split(' ')[1]?.startsWith('/staging/'))).toBe(true);
    expect([...fake.authorizations]).toEqual([SECRET]);
  });

  it('skips only the response-time budget, which was not asked for', async () => {
    const report = await jsonReport(dir);
    const skipped = report.results.filter(
      (r) => r.outcome === 'skipped' && r.message !== 'not selected by --only',
    );
    expect(skipped.map((r) => r.check)).toEqual(['robustness.response-time']);
  });

  it('prints progress and the summary, never the secret', () => {
    expect(run.stdout).toContain('✓ status.list-subscriptions');
    expect(run.stdout).toMatch(/OK: \d+ passed, 0 failed, 0 warned, \d+ skipped/);
    expect(run.stdout).not.toContain('s3cr3t');
  });

  it('writes well-formed JUnit and a self-contained HTML page', async () => {
    expect(xmlProblems(await readFile(join(dir, 'kit.xml'), 'utf8'))).toEqual([]);
    expect(await readFile(join(dir, 'kit.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });

  it('passes with --strict too', async () => {
    const strict = await kit([
      '--base-url',
      `${fake.base}/staging`,
      ...idArgs,
      ...CORE_FAMILIES,
      '--strict',
      '--seed',
      '7',
    ]);
    expect(strict.stdout).toMatch(/OK: \d+ passed, 0 failed, 0 warned/);
    expect(strict.code).toBe(0);
  });
});

describe('subcat check against a fake that answers 500 to bad input', () => {
  let fake: Fake;
  let dir: string;
  let run: KitRun;
  beforeAll(async () => {
    fake = await startFake('crash-on-bad-input');
    dir = await mkdtemp(join(tmpdir(), 'subcat-kit-'));
    run = await kit([
      '--base-url',
      fake.base,
      ...idArgs,
      '--header',
      `Authorization: ${SECRET}`,
      '--header',
      'X-Api-Key: k3y-v4lue',
      ...reportArgs(dir),
    ]);
  });
  afterAll(async () => {
    await stopFake(fake);
    await rm(dir, { recursive: true, force: true });
  });

  it('exits 1 with robustness.no-5xx and the rejection checks failed', async () => {
    expect(run.code).toBe(1);
    const report = await jsonReport(dir);
    const outcome = (id: string) => report.results.find((result) => result.check === id)?.outcome;
    expect(outcome('robustness.no-5xx')).toBe('failed');
    expect(outcome('rejection.list-subscriptions-filter')).toBe('failed');
    expect(outcome('rejection.create-missing-required')).toBe('failed');
    expect(outcome('status.list-subscriptions')).toBe('passed');
  });

  it('gives each failure a curl line with every header value redacted', async () => {
    const report = await jsonReport(dir);
    const curls = report.results.flatMap((result) => result.failures.map((failure) => failure.curl ?? ''));
    expect(curls.length).toBeGreaterThan(5);
    for (const curl of curls.filter((line) => line !== '')) {
      expect(curl).toContain("-H 'authorization: <redacted>'");
      expect(curl).toContain("-H 'x-api-key: <redacted>'");
    }
    for (const file of ['kit.json', 'kit.xml', 'kit.html']) {
      expect(await readFile(join(dir, file), 'utf8')).not.toMatch(/s3cr3t|k3y-v4lue/);
    }
    expect(run.stdout).not.toMatch(/s3cr3t|k3y-v4lue/);
  });

  it('prints each failure with its check id, source and curl line', () => {
    expect(run.stdout).toMatch(
      /✗ robustness\.no-5xx {2}\* {2}\[contract\]|✗ robustness\.no-5xx {2}\w+ {2}\[contract\]/,
    );
    expect(run.stdout).toContain('curl -X POST http://127.0.0.1:');
    expect(run.stdout).toMatch(/FAILED: \d+ passed, \d+ failed/);
  });

  it('writes well-formed JUnit with failure elements', async () => {
    const xml = await readFile(join(dir, 'kit.xml'), 'utf8');
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).toMatch(/<testcase classname="subcat.robustness" name="robustness.no-5xx"[^>]*>\s*<failure /);
  });

  it('puts failures first in the HTML page', async () => {
    const html = await readFile(join(dir, 'kit.html'), 'utf8');
    const firstFailed = html.indexOf('class="result failed"');
    const firstPassed = html.indexOf('class="result passed"');
    expect(firstFailed).toBeGreaterThan(0);
    expect(firstFailed).toBeLessThan(firstPassed);
  });
});

describe('subcat check conventions and determinism', () => {
  it('warns on 200 instead of 201 for create, and fails it only with --strict', async () => {
    const fake = await startFake('create-200');
    try {
      const lenient = await kit(['--base-url', fake.base, ...idArgs, '--only', 'status,schema']);
      expect(lenient.stdout).toContain('! status.create-subscription');
      expect(lenient.code).toBe(0);
      const strict = await kit(['--base-url', fake.base, ...idArgs, '--only', 'status,schema', '--strict']);
      expect(strict.stdout).toContain('✗ status.create-subscription');
      expect(strict.code).toBe(1);
    } finally {
      await stopFake(fake);
    }
  });

  it('sends the same requests for the same seed', async () => {
    const logs: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const fake = await startFake('good');
      try {
        await kit(['--base-url', fake.base, ...idArgs, '--seed', '99']);
        logs.push(fake.log.slice(1)); // the first request is the reachability probe
      } finally {
        await stopFake(fake);
      }
    }
    expect(logs[0]?.length).toBeGreaterThan(50);
    expect(logs[1]).toEqual(logs[0]);
  });

  it('honours --read-only: nothing is written', async () => {
    const fake = await startFake('good');
    try {
      const run = await kit([
        '--base-url',
        fake.base,
        ...idArgs,
        ...CORE_FAMILIES,
        '--read-only',
        '--seed',
        '11',
      ]);
      expect(run.code).toBe(0);
      expect(fake.log.filter((line) => !line.startsWith('GET '))).toEqual([]);
      expect(run.stdout).toContain('- rejection.create-missing-required  --read-only: this check writes');
    } finally {
      await stopFake(fake);
    }
  });
});

describe('subcat check usage and reachability', () => {
  it('exits 2 with one clear line when nothing listens', async () => {
    const fake = await startFake('good');
    const base = fake.base;
    await stopFake(fake);
    const run = await kit(['--base-url', base, ...idArgs]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cannot reach ${base}/: ECONNREFUSED\n`);
    expect(run.stdout).toBe('');
  });

  const usage = [
    { args: [], message: '--base-url is required' },
    {
      args: ['--base-url', 'http://127.0.0.1:1', '--only', 'nope'],
      message: 'no check id or family matches nope',
    },
  ];
  it.each(usage)('exits 2 on a usage error: $message', async ({ args, message }) => {
    const run = await kit(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('prints help and exits 0', async () => {
    const run = await kit(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: subcat check --base-url URL');
  });
});
