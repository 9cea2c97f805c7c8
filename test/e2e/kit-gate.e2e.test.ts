import { execFileSync, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../conformance/spec.js';
import { BUILD_IF_STALE } from '../support/mock-process.js';
import { jsonReport, reportArgs, runKit, useReportDir } from '../support/run-kit.js';
import { idArgs, startFake, stopFake } from '../support/start-fake.js';
import { sendJson, startServer } from '../support/start-server.js';

// Issue 27 (gate semantics) and issue 28 items 10, 11, 13: a run that judged too little, was cancelled, or met
// refused credentials never passes; the kit always ends; reports never carry raw bidirectional controls; "cannot
// reach" only when nothing answered.

let dir = '';
useReportDir('subcat-kit-gate-', (made) => (dir = made));

const REPORTS = ['kit.json', 'kit.xml', 'kit.html', 'kit.md'];

/** A server whose operations never answer (the base URL does, so the probe passes). */
const hanging = () =>
  startServer((req, res) => {
    if (req.url === '/') sendJson(res, 200, {});
  });

describe('a cancelled run', () => {
  it('ends at SIGINT like at its deadline: every report written, outcome cancelled, exit 130', async () => {
    const server = await hanging();
    const signals = new EventEmitter();
    try {
      const running = runKit(['--base-url', server.base, ...idArgs, ...reportArgs(dir)], signals);
      // Once requests are open, as CI's cancel button would find the run.
      for (let i = 0; i < 100 && server.seen.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
      signals.emit('SIGINT');
      const run = await running;
      expect(run.code).toBe(130);
      const report = await jsonReport(dir);
      expect(report.run.outcome).toBe('cancelled');
      expect(report.run.cancelledBy).toBe('SIGINT');
      expect(report.results.some((r) => r.message?.includes('the run was cancelled (SIGINT)'))).toBe(true);
      expect(run.stdout).toMatch(/CANCELLED \(cancelled by SIGINT\)/);
      for (const file of REPORTS)
        expect(await readFile(join(dir, file), 'utf8')).toMatch(/CANCELLED|cancelled/);
    } finally {
      await server.close();
    }
  });

  it('ends at a real SIGTERM of its process with exit 143 and its reports written', async () => {
    const server = await hanging();
    // `subcat check` as a user runs it (the built CLI, a real process): a real signal.
    execFileSync(process.execPath, [BUILD_IF_STALE]);
    const child = spawn(
      process.execPath,
      [
        join(packageRoot(), 'dist', 'src', 'cli.js'),
        'check',
        '--base-url',
        server.base,
        ...idArgs,
        '--report',
        `json=${join(dir, 'term.json')}`,
      ],
      { cwd: packageRoot(), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // A busy machine may take seconds to start a process.
      for (let i = 0; i < 2000 && server.seen.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
      expect(out).toMatch(/ends within 300 s \(the default bound; --deadline to change\)/);
      child.kill('SIGTERM');
      expect(await exited).toBe(143);
      const report = JSON.parse(await readFile(join(dir, 'term.json'), 'utf8')) as {
        run: { outcome: string };
      };
      expect(report.run.outcome).toBe('cancelled');
    } finally {
      child.kill('SIGKILL');
      await server.close();
    }
  }, 60_000);
});

describe('a run that judged too little', () => {
  it('is incomplete (exit 3) when a check is inconclusive, and passes with --allow-inconclusive', async () => {
    const fake = await startFake('good');
    try {
      const args = ['--base-url', fake.base, ...idArgs, '--only', 'paging', ...reportArgs(dir)];
      const strict = await runKit(args);
      const report = await jsonReport(dir);
      const inconclusive = report.results.filter((r) => r.outcome === 'inconclusive').length;
      expect(inconclusive).toBeGreaterThan(0);
      expect(report.run.outcome).toBe('incomplete');
      expect(strict.code).toBe(3);
      expect(await readFile(join(dir, 'kit.xml'), 'utf8')).toMatch(
        /<testcase classname="subcat.run" name="run.complete"[^>]*>\s*<failure message="INCOMPLETE: /,
      );
      const allowed = await runKit([...args, '--allow-inconclusive', String(inconclusive)]);
      expect(allowed.code, allowed.stdout).toBe(0);
      expect((await runKit([...args, '--allow-inconclusive', '100%'])).code).toBe(0);
    } finally {
      await stopFake(fake);
    }
  });
});

describe('refused credentials', () => {
  it('are a set-up error (exit 2) saying the server refused the credentials, not contract failures', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/') return sendJson(res, 200, {});
      sendJson(res, 401, { errors: [{ status: '401', title: 'Unauthorized', detail: 'bad token' }] });
    });
    try {
      const run = await runKit([
        '--base-url',
        server.base,
        ...idArgs,
        '--header',
        'Authorization: Bearer nope',
        ...reportArgs(dir),
      ]);
      expect(run.code).toBe(2);
      expect(run.stdout).toContain('SET-UP ERROR (the server refused the credentials: 401 or 403 to all');
      const report = await jsonReport(dir);
      expect(report.run.outcome).toBe('setup');
      expect(report.run.outcomeReason).toMatch(/on every operation called \(.*getNodeProducts/);
    } finally {
      await server.close();
    }
  });
});

describe('the kit always ends (issue 28, item 10)', () => {
  it('does not wait for a Retry-After longer than the run can afford: inconclusive, saying why', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/') return sendJson(res, 200, {});
      sendJson(res, 503, { errors: [{ status: '503', title: 'Busy' }] }, { 'retry-after': '30' });
    });
    try {
      const started = Date.now();
      const run = await runKit([
        '--base-url',
        server.base,
        ...idArgs,
        '--only',
        'status,schema',
        '--deadline',
        '20s',
        ...reportArgs(dir),
      ]);
      expect(Date.now() - started).toBeLessThan(15_000);
      const report = await jsonReport(dir);
      const status = report.results.find((r) => r.check === 'status.list-subscriptions');
      expect(status?.outcome).toBe('inconclusive');
      expect(status?.message).toMatch(
        /answered 503 asking to wait 30 s \(Retry-After\), longer than the 20 s the run has left|longer than the \d+ s the run has left/,
      );
      expect(report.run.client?.unaffordableWaits).toBeGreaterThan(0);
      expect(run.stdout).toMatch(/Retry-After not waited for/);
      expect(run.code).toBe(3);
    } finally {
      await server.close();
    }
  });
});

describe('records that are not objects (issue 28, item 11)', () => {
  it('are a schema failure, never "all rules held"', async () => {
    const server = await startServer((req, res) => {
      if (req.url?.startsWith('/catalogs/') === true)
        return sendJson(res, 200, { data: [1, 'x', null, [2]], links: {}, meta: {} });
      sendJson(res, 200, {});
    });
    try {
      await runKit([
        '--base-url',
        server.base,
        ...idArgs,
        '--only',
        'catalog,schema.node-products',
        ...reportArgs(dir),
      ]);
      const report = await jsonReport(dir);
      // The checks that read the products' records (latest-alias compares two answers' ids).
      const ran = report.results.filter((r) => r.outcome !== 'skipped' && r.check !== 'catalog.latest-alias');
      expect(ran.length).toBeGreaterThan(3);
      for (const result of ran) expect([result.check, result.outcome]).not.toEqual([result.check, 'passed']);
      expect(report.results.find((r) => r.check === 'schema.node-products')?.outcome).toBe('failed');
    } finally {
      await server.close();
    }
  });
});

describe('what the reports show (issue 28, item 13)', () => {
  it('escapes bidirectional controls a server sent, in every report and the console', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/') return sendJson(res, 200, {});
      sendJson(res, 500, { errors: [{ status: '500', title: 'evil\u202Egnp.exe', detail: 'x\u2066y' }] });
    });
    try {
      const run = await runKit([
        '--base-url',
        server.base,
        ...idArgs,
        '--only',
        'status,robustness.no-5xx',
        ...reportArgs(dir),
      ]);
      const written = [
        ...(await Promise.all(REPORTS.map((f) => readFile(join(dir, f), 'utf8')))),
        run.stdout,
        run.stderr,
      ];
      for (const text of written) expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
      expect(written.join('\n')).toContain('evil\\u202Egnp.exe');
      expect(
        (await jsonReport(dir)).results.some((r) => JSON.stringify(r).includes('evil\u202Egnp.exe')),
      ).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('says the server answered, not "cannot reach", when its headers are too big', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-big': 'a'.repeat(70_000) }).end('{}');
    });
    try {
      const run = await runKit(['--base-url', server.base, ...idArgs, ...reportArgs(dir)]);
      expect(run.code).toBe(2);
      expect(run.stderr).not.toContain('cannot reach');
      expect(run.stderr).toMatch(/answered, but not in a way the kit can read: headers over/);
    } finally {
      await server.close();
    }
  });

  it('says the server answered, not "cannot reach", when its body drips past the timeout', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
      // Never ends: the kit's timeout cuts it.
    });
    try {
      const run = await runKit([
        '--base-url',
        server.base,
        ...idArgs,
        '--timeout-ms',
        '300',
        ...reportArgs(dir),
      ]);
      expect(run.code).toBe(2);
      expect(run.stderr).not.toContain('cannot reach');
      expect(run.stderr).toMatch(/answered 200 but its body did not arrive whole: ETIMEDOUT after 300 ms/);
    } finally {
      await server.close();
    }
  });
});
