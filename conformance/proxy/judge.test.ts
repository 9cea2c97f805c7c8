import { describe, expect, it } from 'vitest';
import type { Exchange } from '../client.js';
import { createJudge } from './judge.js';

const NODE = '/catalogs/c/releases/latest/nodes/n/relationships/products';

function exchange(url: string, status: number, body: unknown, operation?: string): Exchange {
  const text = JSON.stringify(body);
  return {
    seq: 1,
    request: { method: 'GET', url, headers: { authorization: 'Bearer t0k3n-secret' } },
    response: {
      status,
      headers: { 'content-type': 'application/json' },
      body,
      text,
      bytes: text.length,
      ms: 1,
    },
    ...(operation === undefined ? {} : { operation }),
  };
}

const product = (id: string, sku: string, status = 'live') => ({
  id,
  type: 'product',
  attributes: { sku, status },
});
const page = (records: unknown[], total: number, offset: number, limit: number) => ({
  data: records,
  meta: {
    results: { total },
    page: { limit, offset, current: Math.floor(offset / limit) + 1, total: Math.ceil(total / limit) },
  },
});

const verdicts: Array<{ name: string; exchange: Exchange; broken: string[] }> = [
  {
    name: 'a filtered page whose records all match breaks no filter rule',
    exchange: exchange(
      `http://h${NODE}?filter=eq(sku,a)`,
      200,
      page([product('1', 'a')], 1, 0, 25),
      'getNodeProducts',
    ),
    broken: [],
  },
  {
    name: 'a filtered page with a record that does not match breaks the filter rule',
    exchange: exchange(
      `http://h${NODE}?filter=eq(sku,a)`,
      200,
      page([product('1', 'a'), product('2', 'b')], 2, 0, 25),
      'getNodeProducts',
    ),
    broken: ['rules.every-exchange: every record of a filtered page satisfies the filter'],
  },
  {
    name: 'a draft product breaks live-only',
    exchange: exchange(
      `http://h${NODE}`,
      200,
      page([product('1', 'a', 'draft')], 1, 0, 25),
      'getNodeProducts',
    ),
    broken: ['catalog.live-only: only products in live status are returned'],
  },
  {
    name: 'a page over its limit breaks the page size rule',
    exchange: exchange(
      `http://h${NODE}?page[limit]=1`,
      200,
      page([product('1', 'a'), product('2', 'b')], 2, 0, 1),
      'getNodeProducts',
    ),
    broken: ['rules.every-exchange: a page holds at most page[limit] records (at most 100)'],
  },
  {
    name: 'an exchange of no operation is judged by the run-wide rules only',
    exchange: exchange('http://h/elsewhere', 500, { oops: true }),
    broken: ['robustness.no-5xx: never a 5xx: every input gets an answer, a 4xx when it is wrong'],
  },
];

describe('createJudge', () => {
  const { judge, close } = createJudge({
    secretHeaders: [],
    secretValues: ['t0k3n-secret'],
    strict: false,
    upstream: 'http://h',
  });
  for (const { name, exchange: given, broken } of verdicts) {
    it(name, () => {
      const { failures } = judge(given);
      // The records here are not whole products: the schema's verdict is not what these cases are about.
      const contract = failures.filter(
        (failure) => failure.source === 'contract' && !failure.checkId.startsWith('schema.'),
      );
      expect(contract.map((failure) => `${failure.checkId}: ${failure.rule}`)).toEqual(broken);
      // Every failure carries its citation and a replay line without the secret.
      for (const failure of failures) {
        expect(failure.cites).not.toBe('');
        expect(failure.curl).not.toContain('t0k3n-secret');
      }
    });
  }
  it('closes', async () => {
    await close();
  });
});
