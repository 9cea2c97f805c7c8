import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { xmlProblems } from '../../conformance/reporters/xml-well-formed.js';
import { useReportDir, jsonReport, reportArgs, runKit } from '../support/run-kit.js';
import { idArgs, startFake, stopFake } from '../support/start-fake.js';
import { sendJson, startServer } from '../support/start-server.js';

// Issue 15, findings 3, 4 and 7: exit 2 still writes every report; transport trouble is inconclusive after
// a retry, never a contract failure; a check that saw nothing it could judge is inconclusive, not passed.

let dir = '';
useReportDir('subcat-kit-outcomes-', (made) => (dir = made));

describe('a server that is not there (finding 3)', () => {
  it('exits 2 and still writes every requested report, saying why', async () => {
    const fake = await startFake('good');
    const base = fake.base;
    await stopFake(fake);
    const run = await runKit(['--base-url', base, ...idArgs, ...reportArgs(dir)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`cannot reach ${base}/: ECONNREFUSED\n`);
    expect((await jsonReport(dir)).run.aborted).toBe(`cannot reach ${base}/: ECONNREFUSED`);
    const xml = await readFile(join(dir, 'kit.xml'), 'utf8');
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).toMatch(
      /<testcase classname="subcat.run" name="run.start"[^>]*>\s*<failure message="cannot reach/,
    );
    expect(await readFile(join(dir, 'kit.html'), 'utf8')).toContain('DID NOT RUN');
    expect(await readFile(join(dir, 'kit.md'), 'utf8')).toContain('**The run did not start:** cannot reach');
  });
});

describe('transport trouble (finding 4)', () => {
  it('is inconclusive after one retry when a request times out, never a contract failure', async () => {
    // Lists answer; node products never do.
    const server = await startServer((req, res) => {
      if (req.url?.startsWith('/catalogs/') === true) return;
      sendJson(res, 200, { data: [], links: {} });
    });
    try {
      const run = await runKit([
        '--base-url',
        server.base,
        ...idArgs,
        '--only',
        'status.node-products',
        '--timeout-ms',
        '300',
        ...reportArgs(dir),
      ]);
      const result = (await jsonReport(dir)).results.find((r) => r.check === 'status.node-products');
      expect(result?.outcome).toBe('inconclusive');
      expect(result?.message).toMatch(/got no answer: ETIMEDOUT after 300 ms \(after one retry\)/);
      expect(result?.failures).toEqual([]);
      const configured = '/catalogs/cat-1/releases/rel-1/nodes/node-1/relationships/products';
      expect(server.seen.filter((seen) => seen.url === configured)).toHaveLength(2);
      expect(run.stdout).not.toContain('cannot reach');
      // Judged nothing: the run is incomplete (exit 3), not OK.
      expect(run.stdout).toMatch(/INCOMPLETE \(\d+ of \d+ checks were inconclusive, 0 allowed/);
      expect(run.code).toBe(3);
    } finally {
      await server.close();
    }
  });

  it('retries a GET whose connection was dropped (a stale keep-alive) and judges the answer', async () => {
    const fake = await startFake('good');
    let dropped = 0;
    // The first node products request finds its connection closed under it, as a stale keep-alive does.
    fake.server.prependListener('request', (req) => {
      if (req.url?.includes('relationships/products') === true && dropped < 1) {
        dropped++;
        req.socket.destroy();
      }
    });
    try {
      await runKit([
        '--base-url',
        fake.base,
        ...idArgs,
        '--only',
        'status.node-products,schema.node-products',
        ...reportArgs(dir),
      ]);
      const report = await jsonReport(dir);
      expect(dropped).toBeGreaterThan(0);
      expect(report.results.find((r) => r.check === 'status.node-products')?.outcome).toBe('passed');
    } finally {
      await stopFake(fake);
    }
  });
});

describe('servers with nothing to judge (finding 7)', () => {
  const servers = [
    {
      what: 'answers every request 502 with an HTML page',
      status: 502,
      type: 'text/html',
      body: '<html>Bad Gateway</html>',
    },
    { what: 'redirects every request to itself', status: 302, type: 'text/plain', body: '' },
  ];
  it.each(servers)(
    'leaves schema.all-responses and status.content-type inconclusive when it $what',
    async ({ status, type, body }) => {
      const server = await startServer((req, res) => {
        res
          .writeHead(req.url === '/' ? 200 : status, { 'content-type': type, location: req.url ?? '/' })
          .end(body);
      });
      try {
        const run = await runKit([
          '--base-url',
          server.base,
          ...idArgs,
          '--only',
          'schema,status',
          ...reportArgs(dir),
        ]);
        const report = await jsonReport(dir);
        const outcome = (id: string) => report.results.find((r) => r.check === id)?.outcome;
        expect(outcome('schema.all-responses')).toBe('inconclusive');
        expect(outcome('status.content-type')).toBe('inconclusive');
        expect(outcome('status.list-subscriptions')).toBe('failed');
        expect(report.results.filter((r) => r.outcome === 'passed').map((r) => r.check)).toEqual([]);
        expect(run.code).toBe(1);
      } finally {
        await server.close();
      }
    },
  );
});
