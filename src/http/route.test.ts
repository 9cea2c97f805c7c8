import { describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compose, Exchange, type Answer, type Step } from './route.js';

const answer = (status: number): Answer => ({ status, headers: {}, body: undefined });
const exchange = () =>
  new Exchange(
    { method: 'GET', url: '/a?b=1', headers: {} } as IncomingMessage,
    {} as ServerResponse,
    'id',
    0,
  );

describe('compose', () => {
  const seen: string[] = [];
  const passing =
    (name: string): Step =>
    (_exchange, next) => {
      seen.push(name);
      return next();
    };
  const cases: { name: string; steps: Step[]; expected: number | string; order?: string[] }[] = [
    {
      name: 'runs the steps in order until one answers',
      steps: [passing('a'), passing('b'), () => Promise.resolve(answer(200)), passing('never')],
      expected: 200,
      order: ['a', 'b'],
    },
    {
      name: 'lets an outer step change the answer of the ones after it',
      steps: [async (_e, next) => ({ ...(await next()), status: 201 }), () => Promise.resolve(answer(200))],
      expected: 201,
    },
    {
      name: 'turns a step that is not async and throws into a rejection',
      steps: [
        passing('a'),
        () => {
          throw new Error('thrown at once');
        },
      ],
      expected: 'thrown at once',
    },
    {
      name: 'rejects when no step answers',
      steps: [passing('a')],
      expected: 'the pipeline ended without an answer',
    },
  ];
  it.each(cases)('$name', async ({ steps, expected, order }) => {
    seen.length = 0;
    const result = compose(steps)(exchange());
    if (typeof expected === 'number') expect((await result).status).toBe(expected);
    else await expect(result).rejects.toThrow(expected);
    if (order !== undefined) expect(seen).toEqual(order);
  });
});

describe('Exchange', () => {
  it('reads the path as sent, before the query', () => {
    expect(exchange().sentPath).toBe('/a');
  });
});
