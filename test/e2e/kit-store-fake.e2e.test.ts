import { describe, expect, it } from 'vitest';
import { jsonReport, reportArgs, runKit, useReportDir } from '../support/run-kit.js';
import { startStoreFake, stopStoreFake, type StoreBug } from '../support/start-store-fake.js';

// The kit judged on an implementation that is not the mock (test/support/start-store-fake.ts): its planted bugs
// are found, and without them the same checks pass.

let dir = '';
useReportDir('subcat-kit-store-', (made) => (dir = made));

const cases: Array<{ bug: StoreBug; check: string; outcome: string }> = [
  { bug: 'none', check: 'concurrency.creates', outcome: 'passed' },
  { bug: 'lost-race', check: 'concurrency.creates', outcome: 'failed' },
  { bug: 'none', check: 'rules.every-exchange', outcome: 'passed' },
  { bug: 'local-time', check: 'rules.every-exchange', outcome: 'warned' },
];

describe('the kit on an independent store', () => {
  it.each(cases)(
    'reports $check $outcome with bug $bug, at --concurrency 1',
    async ({ bug, check, outcome }) => {
      const fake = await startStoreFake(bug);
      try {
        await runKit([
          ...['--base-url', fake.base, '--concurrency', '1', '--consistency-ms', '0'],
          ...['--only', 'concurrency.creates,rules', ...reportArgs(dir)],
        ]);
        const result = (await jsonReport(dir)).results.find((r) => r.check === check);
        expect(result?.outcome, result?.message).toBe(outcome);
        if (bug === 'lost-race')
          expect(result?.message).toMatch(/concurrent creates answered 2xx but are not listed/);
        if (bug === 'local-time')
          expect(result?.message).toMatch(/after the Date header|from the Date header/);
      } finally {
        await stopStoreFake(fake);
      }
    },
  );
});
