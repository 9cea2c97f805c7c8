import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as check } from '../../conformance/cli.js';
import { startMock, type RunningMock } from '../../src/index.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { startProxyRun } from '../proxy/proxy-run.js';

let dir: string;
let mock: RunningMock;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'subcat-proxy-'));
  // Links come back through the proxy, which says where the client reached it (X-Forwarded-Host).
  mock = await startMock({ port: 0, host: '127.0.0.1', logLevel: 'silent', trustProxy: true });
});
afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

const { catalog, subscriptions } = FIXTURE_IDS;
const nodePath = (release: string, node: string) =>
  `/catalogs/${catalog.catalog_id}/releases/${release}/nodes/${node}/relationships/products`;

/** The README's front-end recipes, and the catalog pages the mock prints at start. */
const RECIPES: Array<{ method: string; path: string; body?: unknown }> = [
  { method: 'GET', path: '/subscriptions/subscriptions?page[limit]=5&include=plans,products' },
  { method: 'GET', path: `/subscriptions/subscriptions?filter=eq(account_id,${subscriptions.account_id})` },
  {
    method: 'POST',
    path: '/subscriptions/subscriptions',
    body: {
      data: {
        account_id: subscriptions.account_id,
        offering_id: subscriptions.offering_id,
        currency: 'USD',
        manual_payments: true,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
      },
    },
  },
  { method: 'GET', path: `${nodePath('latest', catalog.node_id)}?page[limit]=3` },
  {
    method: 'GET',
    path: `${nodePath('latest', catalog.node_id)}?page[limit]=3&page[offset]=3&include=main_image,files`,
  },
  { method: 'GET', path: `${nodePath(catalog.release_ids.at(-1) ?? 'latest', catalog.deep_node_id)}` },
];

async function send(base: string, recipe: (typeof RECIPES)[number]) {
  const answer = await request(`${base}${recipe.path}`, {
    method: recipe.method as 'GET',
    headers: recipe.body === undefined ? {} : { 'content-type': 'application/json' },
    body: recipe.body === undefined ? null : JSON.stringify(recipe.body),
  });
  return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
}

async function violations(base: string): Promise<Array<{ checkId: string; rule: string; message: string }>> {
  const answer = await request(`${base}/__subcat/violations`);
  return ((await answer.body.json()) as { data: Array<{ checkId: string; rule: string; message: string }> })
    .data;
}

describe('subcat proxy in front of the mock', () => {
  it('answers every recipe as the mock does, byte for byte, and finds no violation in them', async () => {
    const proxy = await startProxyRun(mock.url);
    try {
      for (const recipe of RECIPES.filter((r) => r.method === 'GET')) {
        const direct = await send(mock.url, recipe);
        const through = await send(proxy.url, recipe);
        expect(through.status).toBe(direct.status);
        expect(through.headers['content-type']).toBe(direct.headers['content-type']);
        // Links are built from where the client came in: only the origin differs.
        expect(through.text.replaceAll(proxy.url, mock.url)).toBe(direct.text);
      }
      const created = await send(proxy.url, RECIPES[2] as (typeof RECIPES)[number]);
      expect(created.status).toBe(201);
      expect(await violations(proxy.url)).toEqual([]);
    } finally {
      expect(await proxy.stop()).toBe(0);
    }
  });

  it("judges the kit's own traffic without a violation, and exits 0 with a report that says so", async () => {
    const report = join(dir, 'proxy.json');
    const proxy = await startProxyRun(mock.url, ['--report', `json=${report}`]);
    let code: number;
    try {
      const kitCode = await check(
        ['--base-url', proxy.url, '--seed', '3', '--report', `json=${join(dir, 'kit.json')}`],
        {
          stdout: () => undefined,
          stderr: () => undefined,
        },
      );
      expect(kitCode).toBe(0);
      const found = await violations(proxy.url);
      expect(found.map((v) => `${v.checkId}: ${v.rule}: ${v.message}`)).toEqual([]);
    } finally {
      code = await proxy.stop();
    }
    expect(code).toBe(0);
    const written = JSON.parse(await readFile(report, 'utf8')) as {
      summary: { failed: number; warned: number; passed: number };
      results: Array<{ check: string; outcome: string }>;
    };
    expect(written.summary.failed).toBe(0);
    expect(written.summary.warned).toBe(0);
    // The rules were really applied: the semantic ones judged exchanges and held.
    const passed = written.results.filter((r) => r.outcome === 'passed').map((r) => r.check);
    expect(passed).toEqual(
      expect.arrayContaining([
        'rules.every-exchange',
        'exchange.invalid-body-accepted',
        'catalog.live-only',
        'schema.all-responses',
        'status.content-type',
      ]),
    );
  });
});
