import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteLinks } from '../faults/fault.js';
import { startProxiedMock, type ProxiedMock } from '../faults/proxied-mock.js';
import { everythingWritten, jsonReport, useReportDir, reportArgs, runKit } from '../support/run-kit.js';
import { idArgs, startFake, stopFake } from '../support/start-fake.js';
import { startServer, type TestServer } from '../support/start-server.js';

// Issue 15, finding 1: credentials never go to another host, URL credentials become Basic auth and are
// never printed, and secrets a server echoes back are redacted in every report.

let dir = '';
useReportDir('subcat-kit-secrets-', (made) => (dir = made));

describe('links that name another origin', () => {
  let mock: ProxiedMock;
  let foreign: TestServer;
  beforeAll(async () => {
    mock = await startProxiedMock();
    foreign = await startServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'),
    );
    // Every link the server returns points at the foreign host, same path and query.
    mock.proxy.use(async (req, forward) => {
      const res = await forward(req);
      rewriteLinks(res.body, (link) => `${foreign.base}${link.pathname}${link.search}`);
      return res;
    });
  });
  afterAll(async () => {
    await foreign.close();
    await mock.close();
  });

  it('are never followed with the configured credentials, and warn as off the base URL', async () => {
    const run = await runKit([
      '--base-url',
      mock.proxy.url,
      '--only',
      'paging',
      '--header',
      'Authorization: Bearer s3cr3t-t0ken',
      '--header',
      'Cookie: session=c00kie-value',
      '--seed',
      '3',
      ...reportArgs(dir),
    ]);
    const leaked = foreign.seen.filter(
      (seen) => seen.headers.authorization !== undefined || seen.headers.cookie !== undefined,
    );
    expect(leaked).toEqual([]);
    const report = await jsonReport(dir);
    const links = report.results.find((result) => result.check === 'paging.node-products-links');
    expect(links?.outcome).toBe('warned');
    expect(links?.failures[0]?.rule).toMatch(/links point under the base URL/);
    expect(links?.failures[0]?.message).toContain('points off the base URL');
    expect(run.stdout).not.toContain('cannot reach');
    expect(run.code).toBe(0);
  });
});

describe('credentials in --base-url', () => {
  it('are sent as Basic auth and never printed or written', async () => {
    const fake = await startFake('good');
    try {
      const base = fake.base.replace('http://', 'http://qa:PASSWD-9z@');
      const run = await runKit([
        '--base-url',
        base,
        ...idArgs,
        '--only',
        'status',
        '--seed',
        '4',
        ...reportArgs(dir),
      ]);
      const basic = Buffer.from('qa:PASSWD-9z').toString('base64');
      expect([...fake.authorizations]).toEqual([`Basic ${basic}`]);
      const written = await everythingWritten(dir, run);
      expect(written).not.toContain('PASSWD-9z');
      expect(written).not.toContain(basic);
      expect((await jsonReport(dir)).run.baseUrl).toBe(fake.base);
      expect(run.stdout.split('\n')[0]).toContain(`subcat check ${fake.base} `);
    } finally {
      await stopFake(fake);
    }
  });
});

describe('secrets a server echoes back', () => {
  let mock: ProxiedMock;
  beforeAll(async () => {
    mock = await startProxiedMock();
    // A debugging gateway: every error body repeats the request's credentials and cookie.
    mock.proxy.use(async (req, forward) => {
      const res = await forward(req);
      if (res.status < 400) return res;
      return {
        ...res,
        status: 500,
        body: {
          error: 'oops',
          authorization: req.headers.authorization,
          cookie: req.headers.cookie,
          token: req.headers['x-api-key'],
        },
      };
    });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('are redacted in the console and in every report', async () => {
    const run = await runKit([
      '--base-url',
      mock.proxy.url,
      '--only',
      'rejection.list-subscriptions',
      '--header',
      'Authorization: Bearer s3cr3t-t0ken',
      '--header',
      'Cookie: session=c00kie-value',
      '--header',
      'X-Api-Key: k3y-v4lue-123',
      '--seed',
      '5',
      ...reportArgs(dir),
    ]);
    expect(run.code).toBe(1);
    const written = await everythingWritten(dir, run);
    expect(written).toContain('<redacted>');
    expect(written).not.toMatch(/s3cr3t-t0ken|c00kie-value|k3y-v4lue-123/);
  });
});
