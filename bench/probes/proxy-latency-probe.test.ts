import { describe, expect, it } from 'vitest';
import { proxyLatencyRows } from './proxy-latency-probe.js';

const cases = [
  {
    name: 'the added latency is the difference of the medians, held to 2 ms',
    direct: [1, 2, 3],
    proxied: [2.5, 3.5, 9],
    expected: [2, 3.5, 1.5],
  },
  {
    name: 'an even count takes the mean of the middle two',
    direct: [1, 2, 3, 4],
    proxied: [2, 3, 5, 6],
    expected: [2.5, 4, 1.5],
  },
];

describe('proxyLatencyRows', () => {
  for (const { name, direct, proxied, expected } of cases) {
    it(name, () => {
      const rows = proxyLatencyRows(direct, proxied, '/x');
      expect(rows.map((row) => row.value)).toEqual(expected);
      expect(rows[2]?.target).toEqual({ atMost: 2 });
    });
  }
});
