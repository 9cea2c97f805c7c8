import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passThrough } from '../faults/fault-proxy.js';
import { expectation } from '../faults/fault.js';
import { FAULTS } from '../faults/faults.js';
import { startProxiedMock, type ProxiedMock } from '../faults/proxied-mock.js';
import { checksWith, describeRun, runKit } from '../faults/run-kit.js';

// The kit against the project's own broken servers: the real mock behind a proxy that breaks one rule.

let server: ProxiedMock;

beforeAll(async () => {
  server = await startProxiedMock();
});

afterAll(async () => {
  await server?.close();
});

describe('the fault catalogue', () => {
  it('holds at least 20 kinds of fault with distinct names', () => {
    const names = FAULTS.map((fault) => fault.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(20);
  });

  it('changes nothing through a pass-through proxy: the kit passes it with no failure or warning', async () => {
    const { proxy } = server;
    proxy.use(passThrough);
    const run = await runKit(proxy.url);
    expect(proxy.errors).toEqual([]);
    expect(proxy.touched).toBe(0);
    expect(checksWith(run, 'failed'), describeRun(run)).toEqual([]);
    expect(checksWith(run, 'inconclusive'), describeRun(run)).toEqual([]);
    expect(checksWith(run, 'warned'), describeRun(run)).toEqual([]);
    expect(run.code).toBe(0);
  });
});

// A contract break (or a convention under --strict) fails the run; a convention break alone only warns.
describe('the kit reports each broken server with the expected check and outcome', () => {
  const cases = FAULTS.map((fault) => {
    const { args, check, outcome } = expectation(fault);
    return [fault.name, check, outcome, args, fault] as const;
  });
  it.each(cases)('catches %s with %s %s', async (_name, check, outcome, args, fault) => {
    const { proxy } = server;
    proxy.use(fault.handler());
    const run = await runKit(proxy.url, args);
    expect(proxy.errors).toEqual([]);
    expect(proxy.touched, 'the fault never changed a request or an answer').toBeGreaterThan(0);
    expect(checksWith(run, outcome), describeRun(run)).toContain(check);
    expect(run.code, describeRun(run)).toBe(outcome === 'failed' ? 1 : 0);
  });
});
