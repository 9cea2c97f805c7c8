import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as check } from '../../conformance/cli.js';
import { FAULTS } from '../faults/faults.js';
import { startProxiedMock, type ProxiedMock } from '../faults/proxied-mock.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { startProxyRun } from '../proxy/proxy-run.js';

const { catalog } = FIXTURE_IDS;
const NODE = `/catalogs/${catalog.catalog_id}/releases/latest/nodes/${catalog.node_id}/relationships/products`;

/** Every secret of the run: a configured header, URL credentials, and the app's own token and cookie. */
const SECRETS = [
  's3cr3t-key-value',
  'pa55word-in-url',
  Buffer.from('qa:pa55word-in-url').toString('base64'),
  'app-t0ken-xyz',
  'c00kie-value-123',
];

let dir: string;
let mock: ProxiedMock;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'subcat-proxy-record-'));
  mock = await startProxiedMock();
});
afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

describe('subcat proxy --record and subcat check --har', () => {
  it('records a run without its secrets, fails it on exit, and judges the recording the same way', async () => {
    const draft = FAULTS.find((fault) => fault.name === 'draft-product-leaks')?.handler();
    if (draft === undefined) throw new Error('no draft-product-leaks fault');
    const upstreamHeaders: Array<Record<string, string>> = [];
    // The upstream echoes the app's cookie in a header, as a careless server might.
    mock.proxy.use(async (req, forward) => {
      upstreamHeaders.push(req.headers);
      const res = await draft(req, forward);
      res.headers['x-echo'] = req.headers.cookie ?? '';
      return res;
    });
    const har = join(dir, 'run.har');
    const files = { json: join(dir, 'proxy.json'), html: join(dir, 'proxy.html') };
    const upstream = new URL(mock.proxy.url);
    upstream.username = 'qa';
    upstream.password = 'pa55word-in-url';
    const proxy = await startProxyRun(upstream.href, [
      '--header',
      'X-Api-Key: s3cr3t-key-value',
      '--record',
      har,
      '--report',
      `json=${files.json}`,
      '--report',
      `html=${files.html}`,
    ]);
    let code: number;
    let seenByApi: string;
    try {
      for (const path of [`${NODE}?page[limit]=5`, '/subscriptions/subscriptions?page[limit]=2']) {
        const answer = await request(`${proxy.url}${path}`, {
          headers: { authorization: 'Bearer app-t0ken-xyz', cookie: 'theme=dark; sid=c00kie-value-123' },
        });
        expect(answer.statusCode).toBe(200);
        // The app gets the upstream's answer unchanged, its echo included.
        expect(answer.headers['x-echo']).toBe('theme=dark; sid=c00kie-value-123');
        await answer.body.text();
      }
      const violations = await (await request(`${proxy.url}/__subcat/violations`)).body.text();
      const ids = (JSON.parse(violations) as { data: Array<{ checkId: string }> }).data.map((v) => v.checkId);
      expect(ids).toContain('catalog.live-only');
      const page = await (await request(`${proxy.url}/`)).body.text();
      seenByApi = violations + (await (await request(`${proxy.url}/__subcat/exchanges`)).body.text()) + page;
    } finally {
      code = await proxy.stop();
    }
    expect(code).toBe(1);
    // The upstream got the configured header, and the URL credentials as Basic auth over the app's own.
    expect(upstreamHeaders[0]?.['x-api-key']).toBe('s3cr3t-key-value');
    expect(upstreamHeaders[0]?.authorization).toBe(
      `Basic ${Buffer.from('qa:pa55word-in-url').toString('base64')}`,
    );

    const recorded = await readFile(har, 'utf8');
    const doc = JSON.parse(recorded) as {
      log: { version: string; entries: Array<{ request: { url: string } }> };
    };
    expect(doc.log.version).toBe('1.2');
    expect(doc.log.entries.map((entry) => new URL(entry.request.url).pathname)).toEqual([
      NODE,
      '/subscriptions/subscriptions',
    ]);
    const written = [
      recorded,
      await readFile(files.json, 'utf8'),
      await readFile(files.html, 'utf8'),
      seenByApi,
    ];
    for (const text of written) for (const secret of SECRETS) expect(text).not.toContain(secret);

    const again = join(dir, 'again.json');
    const harCode = await check(['--har', har, '--report', `json=${again}`], {
      stdout: () => undefined,
      stderr: () => undefined,
    });
    expect(harCode).toBe(1);
    const report = JSON.parse(await readFile(again, 'utf8')) as {
      results: Array<{ check: string; outcome: string }>;
    };
    expect(report.results.find((result) => result.check === 'catalog.live-only')?.outcome).toBe('failed');
    expect(report.results.find((result) => result.check === 'rules.every-exchange')?.outcome).toBe('passed');
  });
});
