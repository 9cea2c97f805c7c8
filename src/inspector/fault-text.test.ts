import { describe, expect, it } from 'vitest';
import { describeFault, type FaultRule } from './fault-text.js';

describe('describeFault', () => {
  const cases: { title: string; rule: FaultRule; expected: ReturnType<typeof describeFault> }[] = [
    {
      title: 'an error status on one operation, three times',
      rule: { id: 'f1', operationId: 'listSubscriptions', status: 503, times: 3, matched: 2, applied: 2 },
      expected: {
        match: 'List subscriptions',
        action: 'answer 503',
        limits: '3 times; matched 2, acted on 2',
      },
    },
    {
      title: 'a delay on half the requests, with its seed',
      rule: { operationId: 'getNodeProducts', delay: [1000, 3000], probability: 0.5, seed: 7 },
      expected: {
        match: "Get a node's products",
        action: 'wait 1000–3000 ms',
        limits: 'with probability 0.5 (seed 7)',
      },
    },
    {
      title: 'a reset by method and path',
      rule: { method: 'POST', path: '/subscriptions/*', reset: true },
      expected: { match: 'POST /subscriptions/*', action: 'reset the connection', limits: 'every time' },
    },
    {
      title: 'every match field and a delay before a status with Retry-After and a body',
      rule: {
        path: '/x',
        query: 'page',
        header: 'x-test: 1',
        session: 'w1',
        delay: 200,
        status: 429,
        retry_after: 2,
        body: {},
        times: 1,
        probability: 1,
      },
      expected: {
        match: 'any method /x, query has "page", header x-test: 1, session w1',
        action: 'wait 200 ms, then answer 429 with Retry-After: 2 and its own body',
        limits: '1 time; with probability 1 (seed 1)',
      },
    },
    {
      title: 'no match field, a hang and a cut body',
      rule: { hang: true },
      expected: {
        match: 'every request of the four operations',
        action: 'never answer',
        limits: 'every time',
      },
    },
    {
      title: 'a cut body',
      rule: { truncate: true },
      expected: {
        match: 'every request of the four operations',
        action: 'cut the body short',
        limits: 'every time',
      },
    },
  ];
  it.for(cases)('says $title', ({ rule, expected }) => {
    expect(describeFault(rule)).toEqual(expected);
  });
});
