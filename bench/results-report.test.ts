import { describe, expect, it } from 'vitest';
import type { CaseResult, TargetVerdict } from './bench-results.js';
import type { LoadResult } from './load-run.js';
import {
  README_END,
  README_START,
  renderCaseTable,
  renderTargetLine,
  replaceReadmeSection,
} from './results-report.js';

const block = `${README_START}\nNEW TABLE\n${README_END}`;

const readmes = [
  {
    name: 'the block between existing markers is replaced and the rest kept',
    before: `# subcat\n\n## Performance\n\nintro\n\n${README_START}\nOLD\n${README_END}\n\n## License\nMIT\n`,
    after: `# subcat\n\n## Performance\n\nintro\n\n${block}\n\n## License\nMIT\n`,
  },
  {
    name: 'a README without the section gets it appended at the end',
    before: '# subcat\n\nA mock.\n',
    contains: ['# subcat\n\nA mock.\n\n## Performance\n', `${block}\n`],
  },
  {
    name: 'an existing heading without markers gets the block under it, before the next section',
    before: '# subcat\n\n## Performance\n\nTBD\n\n## License\nMIT\n',
    contains: ['## Performance\n', `${block}\n\n## License\nMIT\n`],
    lacks: ['TBD'],
  },
  {
    name: 'an existing heading at the end is filled in',
    before: '# subcat\n\n## Performance\n',
    contains: [`${block}\n`],
  },
];

describe('replaceReadmeSection', () => {
  it.each(readmes)('$name', ({ before, after, contains, lacks }) => {
    const result = replaceReadmeSection(before, block);
    if (after !== undefined) expect(result).toBe(after);
    for (const text of contains ?? []) expect(result).toContain(text);
    for (const text of lacks ?? []) expect(result).not.toContain(text);
    expect(result.match(/## Performance/g)).toHaveLength(1);
  });

  it('running twice gives the same README (the block is rewritten, not added)', () => {
    const once = replaceReadmeSection('# subcat\n', block);
    expect(replaceReadmeSection(once, block)).toBe(once);
  });
});

const load = (requestsPerSecond: number, p99Ms: number): LoadResult => ({
  requestsPerSecond,
  p50Ms: 0.81234,
  p99Ms,
  requests: requestsPerSecond,
  errors: 0,
  non2xx: 2,
  statusCodes: {},
});

describe('renderCaseTable', () => {
  const row: CaseResult = {
    id: 'list-subscriptions',
    title: 'list subscriptions',
    kind: 'get',
    filtered: false,
    store: 'small',
    subcat: load(24_000, 3.456),
    ceiling: load(40_000, 1),
    prism: null,
    bodyBytes: { subcat: 49_152, prism: null },
    notes: [],
  };
  const lines = renderCaseTable([row]).split('\n');

  it('has a header, an alignment row and one row per case', () => {
    expect(lines).toHaveLength(3);
    expect(lines[0]?.split('|').length).toBe(lines[1]?.split('|').length);
  });

  it('shows rates with separators, times with two decimals, the ceiling share and n/a for a missing Prism', () => {
    expect(lines[2]).toBe(
      '| list subscriptions | small | 48.0 | 24,000 | 0.81 | 3.46 | 0 / 2 | 40,000 | 1.00 | 60% | n/a | n/a | n/a | n/a |',
    );
  });
});

describe('renderTargetLine', () => {
  const base: TargetVerdict = {
    target: 'p99 <= 5 ms',
    subject: 'node products (small)',
    actual: '6.00 ms',
    verdict: 'MISS',
  };
  const lines = [
    {
      name: 'a target with no ceiling',
      verdict: base,
      line: 'MISS p99 <= 5 ms: node products (small): 6.00 ms',
    },
    {
      name: "a miss the ceiling meets is the mock's own",
      verdict: { ...base, ceiling: { actual: '4.00 ms', verdict: 'PASS' } },
      line: 'MISS p99 <= 5 ms: node products (small): 6.00 ms; the ceiling: 4.00 ms, meets it',
    },
    {
      name: 'a miss the ceiling misses too is beyond the machine',
      verdict: { ...base, ceiling: { actual: '5.50 ms', verdict: 'MISS' } },
      line: 'MISS p99 <= 5 ms: node products (small): 6.00 ms; the ceiling: 5.50 ms, misses it too',
    },
  ] satisfies { name: string; verdict: TargetVerdict; line: string }[];

  it.each(lines)('$name', ({ verdict, line }) => {
    expect(renderTargetLine(verdict)).toBe(line);
  });
});
