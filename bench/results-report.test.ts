import { describe, expect, it } from 'vitest';
import type { CaseResult } from './bench-results.js';
import type { Measurement } from './measurement.js';
import { renderCpuTable, renderProbe, renderRateTable, renderTargetLine } from './results-report.js';

const m = (cpuUsPerRequest: number | null, requestsPerSecond: number, p99Ms: number): Measurement => ({
  requests: 100_000,
  requestsPerSecond,
  p50Ms: 0.81234,
  p99Ms,
  errors: 0,
  non2xx: 2,
  statusCodes: {},
  cpuMs: null,
  cpuUsPerRequest,
  roundsCpuUsPerRequest: [cpuUsPerRequest],
});

const row: CaseResult = {
  id: 'list-subscriptions',
  title: 'list subscriptions',
  kind: 'get',
  filtered: false,
  store: 'small',
  measurements: { subcat: m(21.04, 24_000, 3.456), ceiling: m(16.83, 40_000, 12.34), before: null },
  bodyBytes: { subcat: 49_152 },
  notes: [],
};

describe('renderCpuTable', () => {
  it('without a before build it has no before columns, and Prism is — where it was not part of the case', () => {
    expect(renderCpuTable([row], false).split('\n')).toEqual([
      '| case | store | body KB | subcat µs/req | ceiling µs/req | subcat / ceiling | Prism µs/req | Prism body KB |',
      '|---|---|--:|--:|--:|--:|--:|--:|',
      '| list subscriptions | small | 48.0 | 21.0 | 16.8 | 1.25x | — | — |',
    ]);
  });

  it('with a before build a failed before measurement is n/a, and so is its ratio', () => {
    const lines = renderCpuTable([row], true).split('\n');
    expect(lines[0]).toContain('| before µs/req | subcat / before |');
    expect(lines[2]).toBe('| list subscriptions | small | 48.0 | 21.0 | 16.8 | 1.25x | n/a | n/a | — | — |');
  });
});

describe('renderRateTable', () => {
  it('shows rates with separators, times with two decimals under 10 ms and one above, and subcat errors', () => {
    expect(renderRateTable([row], false).split('\n')[2]).toBe(
      '| list subscriptions | small | 24,000 | 0.81 | 3.46 | 40,000 | 12.3 | — | — | 0 / 2 |',
    );
  });
});

describe('renderProbe', () => {
  it('gives a probe its heading and a row per figure, with samples, target and note', () => {
    const text = renderProbe({
      id: 'reset',
      title: 'Reset time',
      rows: [
        {
          measure: 'reset',
          build: 'subcat',
          value: 1234,
          unit: 'ms',
          samples: [1200, 1234],
          target: { atMost: 2000 },
        },
        { measure: 'reset', build: 'before', value: null, unit: 'ms', note: 'no such route' },
      ],
    });
    expect(text.split('\n')).toEqual([
      '### Reset time',
      '',
      '| measure | build | value | samples | target | note |',
      '|---|---|--:|--:|--:|---|',
      '| reset | subcat | 1,234 ms | 1200, 1234 | <= 2000 ms |  |',
      '| reset | before | n/a | — | — | no such route |',
      '',
    ]);
  });

  it('says why a probe that failed has no rows', () => {
    expect(renderProbe({ id: 'x', title: 'X', rows: [], error: 'boom' })).toBe(
      '### X\n\nThe probe failed: boom\n',
    );
  });
});

describe('renderTargetLine', () => {
  it('puts the verdict first, then the target, the subject and the figure', () => {
    expect(
      renderTargetLine({
        target: '<= 400 MB RSS',
        subject: 'large store',
        actual: '401 MB',
        verdict: 'MISS',
      }),
    ).toBe('MISS <= 400 MB RSS: large store: 401 MB');
  });
});
