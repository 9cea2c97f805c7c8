import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_VARIATIONS } from '../faults/legal-variations.js';
import { startProxiedMock, type ProxiedMock } from '../faults/proxied-mock.js';
import { checksWith, describeRun, runKit } from '../faults/run-kit.js';

// The kit against servers that differ from the mock only where the contract allows it: no failure.

let server: ProxiedMock;

beforeAll(async () => {
  server = await startProxiedMock();
});

afterAll(async () => {
  await server?.close();
});

describe('the kit passes servers that use the room the contract leaves', () => {
  it('has at least 5 legal variations with distinct names', () => {
    const names = LEGAL_VARIATIONS.map((variation) => variation.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(5);
  });

  const cases = LEGAL_VARIATIONS.map(
    (variation) => [variation.name, variation.expectWarnedChecks.join(', ') || 'nothing', variation] as const,
  );
  it.each(cases)('passes %s with no failure, warning on %s only', async (_name, _warned, variation) => {
    const { proxy } = server;
    proxy.use(variation.handler());
    const run = await runKit(proxy.url);
    expect(proxy.errors).toEqual([]);
    expect(proxy.touched, 'the variation never changed a request or an answer').toBeGreaterThan(0);
    expect(checksWith(run, 'failed'), describeRun(run)).toEqual([]);
    expect(checksWith(run, 'warned').sort(), describeRun(run)).toEqual(
      [...variation.expectWarnedChecks].sort(),
    );
    expect(checksWith(run, 'inconclusive'), describeRun(run)).toEqual([]);
    expect(run.code).toBe(0);
  });
});
