import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { useReportDir, jsonReport, reportArgs, runKit } from '../support/run-kit.js';
import { idArgs, startFake, stopFake } from '../support/start-fake.js';
import { sendJson, startServer, type TestServer } from '../support/start-server.js';

// Issue 15, finding 2: bounded bodies, a deadline for the run, concurrency, a rate and Retry-After.

let dir = '';
useReportDir('subcat-kit-bounds-', (made) => (dir = made));

const MB = 1024 * 1024;

/** Streams a JSON list of up to 200 MB, one chunk at a time, and counts what it managed to send. */
function hugeBodyServer(declareLength: boolean): Promise<TestServer & { sent: () => number }> {
  let sent = 0;
  const chunk = Buffer.from(
    `${JSON.stringify({ id: 'x', type: 'subscription', attributes: { pad: 'y'.repeat(64 * 1024) } })},`,
  );
  return startServer((_req, res) => {
    const total = 200 * MB;
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(declareLength ? { 'content-length': String(total) } : {}),
    });
    res.write('{"data":[');
    const pump = () => {
      while (sent < total && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    res.on('close', () => undefined);
    pump();
  }).then((server) => ({ ...server, sent: () => sent }));
}

describe('a server sending 200 MB bodies', () => {
  it.each([
    { declareLength: false, what: 'streamed without a length' },
    { declareLength: true, what: 'declared in content-length' },
  ])(
    'is cut at --max-body-bytes ($what): a failure naming the cap, a report, little read',
    async ({ declareLength }) => {
      const server = await hugeBodyServer(declareLength);
      try {
        const run = await runKit([
          '--base-url',
          server.base,
          ...idArgs,
          '--only',
          'status.list-subscriptions,robustness.body-size',
          '--max-body-bytes',
          String(2 * MB),
          ...reportArgs(dir),
        ]);
        const report = await jsonReport(dir);
        const size = report.results.find((result) => result.check === 'robustness.body-size');
        expect(size?.outcome).toBe('failed');
        expect(size?.failures[0]?.rule).toContain('--max-body-bytes (2097152 bytes)');
        const list = report.results.find((result) => result.check === 'status.list-subscriptions');
        expect(list?.outcome).toBe('inconclusive');
        expect(list?.message).toContain('body over --max-body-bytes 2097152');
        expect(run.code).toBe(1);
        // The kit hung up near the cap: what the server pushed into the socket is far below 200 MB.
        expect(server.sent()).toBeLessThan(64 * MB);
      } finally {
        await server.close();
      }
    },
  );
});

describe('a server answering in 3 s', () => {
  it('is cut by --deadline: unfinished checks are inconclusive and the reports are written', async () => {
    // The reachability probe (on the base URL itself) is answered at once; every operation takes 3 s.
    const server = await startServer((req, res) => {
      const wait = req.url === '/' ? 0 : 3000;
      setTimeout(() => sendJson(res, 200, { data: [], links: {} }), wait);
    });
    try {
      const started = performance.now();
      const run = await runKit([
        '--base-url',
        server.base,
        ...idArgs,
        '--timeout-ms',
        '10000',
        '--deadline',
        '2s',
        ...reportArgs(dir),
      ]);
      const seconds = (performance.now() - started) / 1000;
      const report = await jsonReport(dir);
      const inconclusive = report.results.filter((result) => result.outcome === 'inconclusive');
      expect(inconclusive.length).toBeGreaterThan(50);
      expect(inconclusive.some((result) => /deadline/.test(result.message ?? ''))).toBe(true);
      expect(
        report.results.filter((result) => result.outcome === 'passed').map((result) => result.check),
      ).toEqual([]);
      expect(run.stdout).toMatch(/\d+ inconclusive/);
      // Generous: 2 s of deadline, then the reports.
      expect(seconds).toBeLessThan(15);
    } finally {
      await server.close();
    }
  });
});

describe('--concurrency and --rate', () => {
  it('sends up to N requests at once with --concurrency N, one at a time with 1', async () => {
    const widths: number[] = [];
    for (const concurrency of ['4', '1']) {
      // Every answer takes 50 ms, so requests sent together are seen open together.
      const server = await startServer((_req, res) => {
        setTimeout(() => sendJson(res, 200, { data: [], links: {} }), 50);
      });
      try {
        await runKit([
          '--base-url',
          server.base,
          ...idArgs,
          '--only',
          'rejection.list-subscriptions-paging,rejection.node-products-paging,status.node-products-unknown-ids',
          '--concurrency',
          concurrency,
          '--seed',
          '6',
        ]);
        widths.push(server.maxInFlight);
      } finally {
        await server.close();
      }
    }
    expect(widths[0]).toBeGreaterThan(1);
    expect(widths[0]).toBeLessThanOrEqual(4);
    expect(widths[1]).toBe(1);
  });

  it('spaces requests by --rate', async () => {
    const fake = await startFake('good');
    const arrivals: number[] = [];
    fake.server.prependListener('request', () => arrivals.push(performance.now()));
    try {
      await runKit([
        '--base-url',
        fake.base,
        ...idArgs,
        '--only',
        'status.node-products-unknown-ids,status.list-subscriptions,status.node-products',
        '--rate',
        '10',
        '--seed',
        '7',
      ]);
      // After the probe: 10 a second, 100 ms apart. One late event loop can bring two arrivals closer,
      // never the run as a whole: the mean gap is the measure.
      const sent = arrivals.slice(1);
      expect(sent.length).toBeGreaterThanOrEqual(4);
      const mean = ((sent.at(-1) ?? 0) - (sent[0] ?? 0)) / (sent.length - 1);
      expect(mean).toBeGreaterThan(85);
    } finally {
      await stopFake(fake);
    }
  });

  it('waits as a 429 Retry-After says and tries again', async () => {
    const server = await startServer((req, res, _body, seen) => {
      const earlier = server.seen.filter((other) => other.url === seen.url).length;
      if (earlier === 1 && req.url?.startsWith('/subscriptions/subscriptions') === true) {
        sendJson(
          res,
          429,
          { errors: [{ status: '429', title: 'Too Many Requests' }] },
          { 'retry-after': '1' },
        );
        return;
      }
      sendJson(res, 200, {
        data: [],
        links: { self: null, first: null, last: null, prev: null, next: null },
      });
    });
    try {
      await runKit([
        '--base-url',
        server.base,
        ...idArgs,
        '--only',
        'status.list-subscriptions',
        ...reportArgs(dir),
      ]);
      const report = await jsonReport(dir);
      expect(report.results.find((result) => result.check === 'status.list-subscriptions')?.outcome).toBe(
        'passed',
      );
      const asked = server.seen.filter((seen) => seen.url === '/subscriptions/subscriptions');
      expect(asked).toHaveLength(2);
      expect((asked[1]?.at ?? 0) - (asked[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    } finally {
      await server.close();
    }
  });
});
