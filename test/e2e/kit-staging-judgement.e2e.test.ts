import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataRecords, isSuccess, operationOf } from '../faults/fault.js';
import { startProxiedMock, type ProxiedMock } from '../faults/proxied-mock.js';
import { useReportDir, jsonReport, reportArgs, runKit } from '../support/run-kit.js';
import { idArgs, startFake, stopFake } from '../support/start-fake.js';

// Issue 15, findings 5, 6 and 9: rules from decisions.md warn, a server that ignores filters fails even on
// one record (or is inconclusive when the data cannot tell), and a created subscription may take a moment.

let dir = '';
useReportDir('subcat-kit-judgement-', (made) => (dir = made));

describe('a server that ignores malformed and unsupported filters (finding 5)', () => {
  it('warns, citing decisions.md, and fails only with --strict', async () => {
    const fake = await startFake('lenient-filters');
    try {
      const only = ['--only', 'rejection.list-subscriptions-filter,rejection.node-products-filter'];
      const lenient = await runKit(['--base-url', fake.base, ...idArgs, ...only, ...reportArgs(dir)]);
      const report = await jsonReport(dir);
      for (const id of ['rejection.list-subscriptions-filter', 'rejection.node-products-filter']) {
        const result = report.results.find((r) => r.check === id);
        expect(result?.outcome).toBe('warned');
        expect(result?.failures.every((failure) => failure.source === 'convention')).toBe(true);
        expect(result?.failures[0]?.cites).toMatch(/^decisions\.md § Filters/);
      }
      expect(lenient.code).toBe(0);
      const strict = await runKit(['--base-url', fake.base, ...idArgs, ...only, '--strict']);
      expect(strict.code).toBe(1);
    } finally {
      await stopFake(fake);
    }
  });
});

describe('a server that ignores filters, with one record (finding 6)', () => {
  it('fails the filters by the negative probe, and is inconclusive where no absent value exists', async () => {
    // The fake accepts every documented filter and answers its whole (one-product) list.
    const fake = await startFake('good');
    try {
      const run = await runKit([
        '--base-url',
        fake.base,
        ...idArgs,
        '--only',
        'filters.node-products',
        ...reportArgs(dir),
      ]);
      const report = await jsonReport(dir);
      const outcome = (id: string) => report.results.find((r) => r.check === id);
      for (const id of [
        'filters.node-products-eq-sku',
        'filters.node-products-in-id',
        'filters.node-products-eq-tags',
      ]) {
        expect(outcome(id)?.outcome, id).toBe('failed');
        expect(outcome(id)?.failures.some((f) => f.message.includes('the filter looks ignored'))).toBe(true);
      }
      // The one product has every product type: no absent value, and every record matches.
      expect(outcome('filters.node-products-eq-product-types')?.outcome).toBe('inconclusive');
      expect(outcome('filters.node-products-eq-product-types')?.message).toContain('the data cannot tell');
      expect(report.results.filter((r) => r.check.startsWith('filters.') && r.outcome === 'passed')).toEqual(
        [],
      );
      expect(run.code).toBe(1);
    } finally {
      await stopFake(fake);
    }
  });
});

describe('a service that lists a new subscription a moment late (finding 9)', () => {
  let mock: ProxiedMock;
  beforeAll(async () => {
    mock = await startProxiedMock();
  });
  afterAll(async () => {
    await mock.close();
  });

  /** A read replica 800 ms behind: lists leave out subscriptions created less than 800 ms ago. */
  const lagging = () => {
    const createdAt = new Map<string, number>();
    return async (
      req: Parameters<Parameters<ProxiedMock['proxy']['use']>[0]>[0],
      forward: Parameters<Parameters<ProxiedMock['proxy']['use']>[0]>[1],
    ) => {
      const res = await forward(req);
      const operation = operationOf(req);
      if (operation === 'createSubscription' && isSuccess(res.status)) {
        for (const record of dataRecords(res.body)) createdAt.set(String(record.id), Date.now());
      }
      if (
        operation === 'listSubscriptions' &&
        isSuccess(res.status) &&
        typeof res.body === 'object' &&
        res.body !== null
      ) {
        const body = res.body as { data: unknown[] };
        body.data = dataRecords(res.body).filter(
          (record) => Date.now() - (createdAt.get(String(record.id)) ?? 0) > 800,
        );
      }
      return res;
    };
  };

  it('is found by polling within --consistency-ms, and not without it', async () => {
    mock.proxy.use(lagging());
    await runKit([
      '--base-url',
      mock.proxy.url,
      '--only',
      'lifecycle.create-then-find',
      '--seed',
      '8',
      ...reportArgs(dir),
    ]);
    const polled = (await jsonReport(dir)).results.find((r) => r.check === 'lifecycle.create-then-find');
    expect(polled?.outcome).toBe('passed');

    mock.proxy.use(lagging());
    const impatient = await runKit([
      '--base-url',
      mock.proxy.url,
      '--only',
      'lifecycle.create-then-find',
      '--consistency-ms',
      '0',
      '--seed',
      '9',
      ...reportArgs(dir),
    ]);
    const failed = (await jsonReport(dir)).results.find((r) => r.check === 'lifecycle.create-then-find');
    expect(failed?.outcome).toBe('failed');
    expect(impatient.code).toBe(1);
  });
});
