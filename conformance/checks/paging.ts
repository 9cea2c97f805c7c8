import type { Check, CheckContext, Failure } from '../check.js';
import { duplicateIds, idsOf, listIds, missingIds } from '../oracles/id-sets.js';
import { jsonAt } from '../oracles/json-at.js';
import { pageMetaBreaks, pageView } from '../oracles/page-rules.js';
import { inParallel } from '../in-parallel.js';
import { walkPages, type PageWalk } from '../shared-requests.js';
import { CONTRACT, decision } from '../citations.js';
import { NODE_PRODUCTS, SUBSCRIPTIONS, readableCollection, type FilterTarget } from './filter-targets.js';
import { pageNotServed, pageRecords, requestPage } from './page-requests.js';
import { linkChecks } from './paging-links.js';

/**
 * Walks the list with a small page[limit]: every page within the limit, no record on two pages, and the pages
 * together give the whole collection (the 100-record walk); node products: as many as meta.results.total.
 */
function walkCheck(target: FilterTarget, limits: readonly [number, number]): Check {
  return {
    id: `paging.${target.label}-walk`,
    roundTrips: 4,
    title: `Pages of ${target.operation} hold at most page[limit] records, are disjoint and complete`,
    family: 'paging',
    source: 'contract',
    cites: target === NODE_PRODUCTS ? CONTRACT.nodeOffset : CONTRACT.listOffset,
    operation: target.operation,
    async run(ctx) {
      const reference = await readableCollection(ctx, target, { allowEmpty: true });
      const limit = ctx.random.int(limits[0], limits[1]);
      const params = target.params(ctx);
      const walk = await walkPages(ctx, target.operation, params === undefined ? {} : { params }, limit);
      const failures: Failure[] = [];
      if (walk.failed !== undefined) failures.push(pageNotServed(ctx, walk.failed, `page[limit]=${limit}`));
      for (const page of walk.pages) {
        if (page.records.length <= limit) continue;
        failures.push(
          ctx.fail(page.exchange, {
            rule: 'a page holds at most page[limit] records',
            source: 'contract',
            message: `page[offset]=${page.offset}&page[limit]=${limit} returned ${page.records.length} records`,
            expected: `<= ${limit}`,
            actual: page.records.length,
          }),
        );
      }
      const ids = idsOf(walk.records);
      const repeated = duplicateIds(ids);
      const firstRepeat = repeated[0];
      if (firstRepeat !== undefined) {
        const second = walk.pages.filter((page) => idsOf(page.records).includes(firstRepeat))[1];
        failures.push(
          ctx.fail(second?.exchange, {
            rule: 'consecutive pages are disjoint: no record appears on two pages',
            source: 'contract',
            message: `${repeated.length} record(s) appear on more than one page of ${limit}: ${listIds(repeated)}`,
            actual: repeated,
          }),
        );
      }
      if (walk.complete && reference.complete)
        failures.push(...completeness(ctx, target, walk, reference, limit));
      return failures;
    },
  };
}

/** The small-limit walk gives every record of the reference walk (node products: no more either). */
function completeness(
  ctx: CheckContext,
  target: FilterTarget,
  walk: PageWalk,
  reference: PageWalk,
  limit: number,
): Failure[] {
  const failures: Failure[] = [];
  const ids = idsOf(walk.records);
  const referenceIds = idsOf(reference.records);
  const missing = missingIds(referenceIds, ids);
  // Subscriptions may grow while the kit walks (other writers): only node products must not gain records.
  const extra = target === NODE_PRODUCTS ? missingIds(ids, referenceIds) : [];
  if (missing.length > 0 || extra.length > 0) {
    failures.push(
      ctx.fail(walk.pages.at(-1)?.exchange, {
        rule: 'the pages together give the whole collection',
        source: 'contract',
        message: `walking by ${limit}: ${missing.length} record(s) of the 100-record walk never appeared (${listIds(missing)}), ${extra.length} appeared only here (${listIds(extra)})`,
        expected: referenceIds.length,
        actual: ids.length,
      }),
    );
  }
  const first = walk.pages[0]?.exchange;
  const total = jsonAt(first?.response.body, 'meta', 'results', 'total');
  if (target === NODE_PRODUCTS && typeof total === 'number' && total !== new Set(ids).size) {
    failures.push(
      ctx.fail(first, {
        rule: 'meta.results.total is the number of records of the whole collection',
        source: 'contract',
        cites: CONTRACT.nodeTotal,
        message: `meta.results.total is ${total}, the pages hold ${new Set(ids).size} records`,
        expected: new Set(ids).size,
        actual: total,
      }),
    );
  }
  return failures;
}

/**
 * page[offset]=k&page[limit]=m: at most m records, and as many as remain (contract); the records at
 * positions k..k+m of the 100-record walk, in order (a convention: the contract promises no order).
 */
function offsetCheck(target: FilterTarget): Check {
  return {
    id: `paging.${target.label}-offset`,
    title: `page[offset] on ${target.operation} starts the page at that record`,
    family: 'paging',
    source: 'contract',
    cites: target === NODE_PRODUCTS ? CONTRACT.nodeOffset : CONTRACT.listOffset,
    operation: target.operation,
    async run(ctx) {
      const reference = await readableCollection(ctx, target);
      const all = idsOf(reference.records);
      if (all.length < 2) ctx.inconclusive('the collection has fewer than 2 records');
      const offset = ctx.random.int(1, Math.min(all.length - 1, 60));
      const limit = ctx.random.int(2, 10);
      const exchange = await requestPage(ctx, target, offset, limit);
      const records = pageRecords(exchange);
      if (records === undefined) return [pageNotServed(ctx, exchange, `page[offset]=${offset}`)];
      const failures: Failure[] = [];
      const ids = idsOf(records);
      const remaining = Math.min(limit, all.length - offset);
      // Node products do not change during a run; subscriptions may gain records at the end.
      const tooFew = records.length < remaining;
      const tooMany = records.length > limit || (target === NODE_PRODUCTS && records.length > remaining);
      if (reference.complete && (tooFew || tooMany)) {
        failures.push(
          ctx.fail(exchange, {
            rule: 'a page holds page[limit] records, or as many as remain after page[offset]',
            source: 'contract',
            message: `page[offset]=${offset}&page[limit]=${limit} returned ${records.length} records of ${all.length}`,
            expected: remaining,
            actual: records.length,
          }),
        );
      }
      const expected = all.slice(offset, offset + limit);
      if (ids.slice(0, expected.length).join() !== expected.join()) {
        failures.push(
          ctx.fail(exchange, {
            rule: 'page[offset]=k starts at the k-th record of the unpaged order (stable order)',
            source: 'convention',
            message: `page[offset]=${offset}&page[limit]=${limit} does not give records ${offset}..${offset + limit - 1} of the 100-record walk`,
            expected,
            actual: ids,
          }),
        );
      }
      return failures;
    },
  };
}

/**
 * meta.page and meta.results: limit and offset as asked, totals steady, the formulas of decisions.md. Node
 * products' meta is in interface.md; a subscriptions list may carry one too (decisions.md, like node
 * products'): when it does its arithmetic is checked as a convention, when it does not nothing fails.
 */
function metaCheck(target: FilterTarget): Check {
  const contract = target === NODE_PRODUCTS;
  return {
    id: `paging.${target.label}-meta`,
    title: `meta.page and meta.results of ${target.operation} add up`,
    family: 'paging',
    source: contract ? 'contract' : 'convention',
    cites: contract ? CONTRACT.nodePageMeta : decision('Paging', 'meta.page: limit, offset, current, total'),
    operation: target.operation,
    async run(ctx) {
      const reference = await readableCollection(ctx, target, { allowEmpty: true });
      if (!contract && jsonAt(reference.pages[0]?.exchange.response.body, 'meta') === undefined) {
        ctx.skip('the list carries no meta (decisions.md does not ask the subscriptions list for one)');
      }
      const count = idsOf(reference.records).length;
      const limit = ctx.random.int(3, 9);
      const offsets = [0, limit, limit + 1, count + limit].filter((offset) => offset <= 10000);
      // The pages do not wait for each other: asked at once, judged in the order of their offsets.
      const found = await inParallel(
        offsets,
        async (offset) => {
          const exchange = await requestPage(ctx, target, offset, limit);
          const records = pageRecords(exchange);
          if (records === undefined)
            return [pageNotServed(ctx, exchange, `page[offset]=${offset}&page[limit]=${limit}`)];
          // The page rules every exchange gets, judged here against the count of the whole collection.
          const view = pageView(target.operation, exchange.request.url, exchange.response.body, records);
          const breaks = pageMetaBreaks(view, reference.complete ? count : undefined);
          return breaks.map(({ rule, source, cites, where, message, expected, actual }) =>
            ctx.fail(exchange, { rule, source, cites, where, message, expected, actual }),
          );
        },
        offsets.length,
      );
      return found.flat();
    },
  };
}

export const pagingChecks: Check[] = [
  walkCheck(NODE_PRODUCTS, [5, 12]),
  walkCheck(SUBSCRIPTIONS, [20, 40]),
  offsetCheck(NODE_PRODUCTS),
  offsetCheck(SUBSCRIPTIONS),
  metaCheck(NODE_PRODUCTS),
  metaCheck(SUBSCRIPTIONS),
  ...linkChecks,
];
