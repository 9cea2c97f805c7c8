import { describe, expect, it } from 'vitest';
import { listAnswer, scriptedContext } from '../test/support/scripted-context.js';
import type { Check } from './check.js';
import { walkPages, WALK_BOUND } from './shared-requests.js';

const check = { id: 'walk.test', operation: 'listSubscriptions' } as unknown as Check;
const MB = 1024 * 1024;

describe('walkPages', () => {
  const cases = [
    { what: "the mock's pages (48 KB): batches of 4 up to the page bound", pageBytes: 48 * 1024, pages: 20 },
    { what: 'pages of 1 MB: exactly to the byte bound', pageBytes: MB, pages: 4 },
    {
      what: "Prism's 3 MB pages: one page past the byte bound, not a whole batch",
      pageBytes: 3 * MB,
      pages: 2,
    },
    { what: 'pages over the byte bound: the first page only', pageBytes: 5 * MB, pages: 1 },
  ];
  it.each(cases)('walks $what', async ({ pageBytes, pages }) => {
    const asked: string[] = [];
    const ctx = scriptedContext(check, (options) => {
      asked.push(new URL(String(options.url)).searchParams.get('page[offset]') ?? '');
      return Promise.resolve(listAnswer(options, 100, pageBytes));
    });
    const walk = await walkPages(ctx, 'listSubscriptions', {}, 100);
    expect(walk.pages).toHaveLength(pages);
    expect(asked).toEqual(Array.from({ length: pages }, (_, i) => String(i * 100)));
    expect(walk.pages.reduce((bytes, page) => bytes + page.exchange.response.bytes, 0)).toBeLessThan(
      WALK_BOUND.bytes + pageBytes,
    );
  });
});
