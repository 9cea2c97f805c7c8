import { describe, expect, it } from 'vitest';
import {
  controlPlaneSessionProbe,
  inProcessRows,
  parseSessionTimes,
  sessionRows,
} from './control-plane-session-probe.js';
import type { ProbeContext } from './probe.js';

describe('sessionRows', () => {
  it('gives median round trips, CPU per request over both blocks, and the difference per session', () => {
    const rows = sessionRows(
      'subcat',
      [
        { roundTripsMs: [2, 3], cpuMs: 1 },
        { roundTripsMs: [4, 5], cpuMs: 1 },
      ],
      [
        { roundTripsMs: [1, 1], cpuMs: 0.5 },
        { roundTripsMs: [2, 2], cpuMs: 0.5 },
      ],
    );
    expect(rows.map((row) => [row.value, row.unit])).toEqual([
      [3.5, 'ms'],
      [1.5, 'ms'],
      [500, 'µs/request'],
      [250, 'µs/request'],
      [250, 'µs/session'],
    ]);
    expect(rows[0]?.measure).toContain('(4 sessions)');
  });

  it('a block without a CPU reading leaves the CPU figures out, not the round trips', () => {
    const rows = sessionRows(
      'subcat',
      [{ roundTripsMs: [2], cpuMs: null }],
      [{ roundTripsMs: [1], cpuMs: 0.2 }],
    );
    expect(rows.map((row) => row.value)).toEqual([2, 1, null, 200, null]);
  });
});

describe('parseSessionTimes and inProcessRows', () => {
  const outputs = [
    {
      name: "the child's last line is read",
      stdout: 'note\n{"newUs":12.34,"existingUs":2.1}\n',
      figures: [12.3, 10.2],
    },
    { name: 'no JSON is said so', stdout: 'Error: boom\n', problem: 'no JSON line' },
    {
      name: 'a missing figure is said so',
      stdout: '{"newUs":3}\n',
      problem: 'no positive newUs and existingUs',
    },
  ];
  it.each(outputs)('$name', ({ stdout, figures, problem }) => {
    const times = parseSessionTimes(stdout);
    const rows = inProcessRows('subcat', times);
    if (figures !== undefined) expect(rows.map((row) => row.value)).toEqual(figures);
    else {
      expect(rows.map((row) => row.value)).toEqual([null, null]);
      expect(rows[0]?.note).toContain(problem);
    }
  });
});

describe('controlPlaneSessionProbe', () => {
  it('measures this checkout only: a before build has no sessions and would refuse --max-sessions', async () => {
    const started: string[] = [];
    const refuse = () => Promise.reject(new Error('not in this test'));
    const ctx: ProbeContext = {
      builds: [{ label: 'before', title: 'before (0433027)', root: '/nowhere' }],
      quick: true,
      log: () => undefined,
      startMock: (build) => {
        started.push(build.label);
        return refuse();
      },
      measure: refuse,
      memory: () => undefined,
      runNode: refuse,
    };
    expect(await controlPlaneSessionProbe.run(ctx)).toEqual([]);
    expect(started).toEqual([]);
  });
});
