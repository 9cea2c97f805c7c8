import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handler } from '../faults/fault-proxy.js';
import { FAULTS } from '../faults/faults.js';
import { startProxiedMock, type ProxiedMock } from '../faults/proxied-mock.js';
import { describeRun, runKit } from '../faults/run-kit.js';

// Issue 27: a generated failure prints the line that replays just it; that line runs that one case alone.

let server: ProxiedMock;
beforeAll(async () => {
  server = await startProxiedMock();
});
afterAll(async () => {
  await server?.close();
});

/** The fault's handler, counting the requests that reach it. */
function counted(name: string): { handler: Handler; sent: () => number } {
  const fault = FAULTS.find((candidate) => candidate.name === name);
  if (fault === undefined) throw new Error(`no fault ${name}`);
  const inner = fault.handler();
  let sent = 0;
  return {
    handler: (req, forward) => {
      sent++;
      return inner(req, forward);
    },
    sent: () => sent,
  };
}

describe('a generated failure replayed by its printed line', () => {
  const cases = [
    { fault: 'generated-second-term-dropped', check: 'generated.relations' },
    { fault: 'generated-strings-capped-255', check: 'generated.body-bounds' },
  ];
  it.each(cases)('reproduces exactly its one case ($check)', async ({ fault, check }) => {
    const full = counted(fault);
    server.proxy.use(full.handler);
    const run = await runKit(server.proxy.url, ['--only', check]);
    const message = run.report?.results.find((result) => result.check === check)?.message ?? '';
    const printed = /(case (\d+) of \d+), shrunk (.*?); replay: (--seed \S+ --only \S+ --case \d+)/.exec(
      message,
    );
    expect(printed, describeRun(run)).not.toBeNull();
    const [, , number, shrunk, replay] = printed ?? [];

    const alone = counted(fault);
    server.proxy.use(alone.handler);
    // runKit sends --seed 1 itself: the printed line must name that seed.
    expect(replay).toMatch(/^--seed 1 /);
    const replayed = await runKit(server.proxy.url, (replay ?? '').split(' ').slice(2));
    const again = replayed.report?.results.find((result) => result.check === check);
    expect(again?.outcome).toBe('failed');
    // The same case, shrunk to the same request, judged alone: far fewer requests than the whole run.
    expect(again?.message).toContain(`case ${number} (alone), shrunk ${shrunk}; replay: ${replay}`);
    expect(alone.sent()).toBeLessThan(full.sent() / 3);
  });
});
