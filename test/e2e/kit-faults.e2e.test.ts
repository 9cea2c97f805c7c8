import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { passThrough, startFaultProxy, type FaultProxy } from '../faults/fault-proxy.js';
import { FAULTS } from '../faults/faults.js';
import { checksWith, describeRun, runKit } from '../faults/run-kit.js';

// The kit against the project's own broken servers: the real mock behind a proxy that breaks one rule.

let mock: RunningMock;
let proxy: FaultProxy;

beforeAll(async () => {
  mock = await startMock({ port: 0, host: '127.0.0.1', logLevel: 'silent' });
  proxy = await startFaultProxy(mock.url);
});

afterAll(async () => {
  await proxy?.close();
  await mock?.close();
});

describe('the fault catalogue', () => {
  it('holds at least 20 kinds of fault with distinct names', () => {
    const names = FAULTS.map((fault) => fault.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(20);
  });

  it('changes nothing through a pass-through proxy: the kit passes it with no failure or warning', async () => {
    proxy.use(passThrough);
    const run = await runKit(proxy.url);
    expect(proxy.errors).toEqual([]);
    expect(proxy.touched).toBe(0);
    expect([...checksWith(run, 'failed'), ...checksWith(run, 'warned')], describeRun(run)).toEqual([]);
    expect(run.code).toBe(0);
  });
});

describe('the kit fails each broken server with the expected check', () => {
  const cases = FAULTS.map((fault) => [fault.name, fault.expectFailedCheck, fault] as const);
  it.each(cases)('catches %s with %s failed', async (_name, expected, fault) => {
    proxy.use(fault.handler());
    const strict = fault.strict === true ? ['--strict'] : [];
    const run = await runKit(proxy.url, ['--only', fault.only, ...strict]);
    expect(proxy.errors).toEqual([]);
    expect(proxy.touched, 'the fault never changed a request or an answer').toBeGreaterThan(0);
    expect(checksWith(run, 'failed'), describeRun(run)).toContain(expected);
    expect(run.code).toBe(1);
  });
});
