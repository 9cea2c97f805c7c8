import type { Source } from '../check.js';
import type { Finding } from './include-rules.js';
import { jsonAt } from './json-at.js';
import { expectedCurrentPage, expectedPageCount } from './page-arithmetic.js';

/** The paging a page was served with: the offset asked for and the limit in effect. */
export interface PageAsked {
  offset: number;
  limit: number;
}

/**
 * The meta rules of one list page (decisions.md formulas; limit, offset and total are interface.md's for node
 * products, so `contract` says whether they break the contract): meta.page.limit and offset as asked, current
 * by the formula; with `total` (the collection's count, when known) results.total, page.total and an empty
 * page past the last record.
 */
export function pageMetaFindings(
  body: unknown,
  records: readonly unknown[],
  asked: PageAsked,
  total: number | undefined,
  contract: boolean,
): Finding[] {
  const { offset, limit } = asked;
  const shape = (source: Source): Source => (contract ? source : 'convention');
  const meta = (...path: string[]) => jsonAt(body, 'meta', ...path);
  const rules: Array<[string, Source, unknown, unknown]> = [
    ['meta.page.limit is the page[limit] in effect', shape('contract'), limit, meta('page', 'limit')],
    ['meta.page.offset is the page[offset] asked for', shape('contract'), offset, meta('page', 'offset')],
    [
      'meta.page.current = floor(offset / limit) + 1 (decisions.md)',
      'convention',
      expectedCurrentPage(offset, limit),
      meta('page', 'current'),
    ],
  ];
  if (total !== undefined) {
    rules.push(
      ['meta.results.total counts the whole collection', shape('contract'), total, meta('results', 'total')],
      [
        'meta.page.total = ceil(results.total / limit) (decisions.md)',
        'convention',
        expectedPageCount(total, limit),
        meta('page', 'total'),
      ],
    );
    if (offset >= total)
      rules.push(['a page past the last record is empty', shape('contract'), 0, records.length]);
  }
  return rules
    .filter(([, , expected, actual]) => expected !== actual)
    .map(([rule, source, expected, actual]) => ({
      rule,
      source,
      message: `page[offset]=${offset}&page[limit]=${limit}: expected ${String(expected)}, got ${JSON.stringify(actual) ?? 'nothing'}`,
      expected,
      actual,
    }));
}
