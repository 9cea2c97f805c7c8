import { describe, expect, it } from 'vitest';
import { plansAfter, type TimedWrite } from './last-writes.js';

const write = (planId: string | undefined, sentAt: number, answeredAt: number): TimedWrite => ({
  planId,
  sentAt,
  answeredAt,
});

describe('plansAfter', () => {
  const cases: { name: string; writes: TimedWrite[]; plans: string[] | undefined }[] = [
    { name: 'one write gives its plan', writes: [write('a', 0, 10)], plans: ['a'] },
    {
      name: 'a write sent after another was answered is the last one',
      writes: [write('a', 0, 10), write('b', 20, 30)],
      plans: ['b'],
    },
    {
      name: 'the order the answers were seen in does not matter',
      writes: [write('b', 20, 30), write('a', 0, 10)],
      plans: ['b'],
    },
    {
      name: 'writes in flight together may land in any order',
      writes: [write('a', 0, 30), write('b', 5, 20), write('a', 6, 25)],
      plans: ['a', 'b'],
    },
    {
      name: 'a race followed by a lone write leaves only the lone write',
      writes: [write('a', 0, 30), write('b', 5, 20), write('c', 50, 60)],
      plans: ['c'],
    },
    {
      name: 'a gap shorter than the timing slack orders nothing',
      writes: [write('a', 0, 10), write('b', 12, 20)],
      plans: ['a', 'b'],
    },
    {
      name: 'a candidate whose plan is unknown leaves nothing to judge',
      writes: [write(undefined, 0, 10), write('b', 2, 12)],
      plans: undefined,
    },
    {
      name: 'an unknown plan that was followed does not matter',
      writes: [write(undefined, 0, 10), write('b', 20, 30)],
      plans: ['b'],
    },
  ];
  it.each(cases)('$name', ({ writes, plans }) => {
    const found = plansAfter(writes);
    expect(found === undefined ? undefined : [...found].sort()).toEqual(plans);
  });
});
