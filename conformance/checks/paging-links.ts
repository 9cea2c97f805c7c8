import type { Check, CheckContext, Failure, Source } from '../check.js';
import { CONTRACT, decision } from '../citations.js';
import { inParallel } from '../in-parallel.js';
import type { Exchange } from '../client.js';
import { filterParameter } from '../oracles/filter-match.js';
import { idsOf } from '../oracles/id-sets.js';
import { jsonAt } from '../oracles/json-at.js';
import { expectedLinkOffsets, linkPaging, type LinkOffsets } from '../oracles/page-arithmetic.js';
import { NODE_PRODUCTS, SUBSCRIPTIONS, readableCollection, type FilterTarget } from './filter-targets.js';
import { pageNotServed, pageRecords, requestPage } from './page-requests.js';

const LINK_NAMES = ['first', 'last', 'prev', 'next'] as const;
type LinkName = (typeof LINK_NAMES)[number];

/** A page as fetched (directly or through a link) with what the kit asked of it. */
interface FetchedPage {
  exchange: Exchange;
  label: string;
}

/**
 * Link rules of a list. `contract` is where interface.md states them (node products: links exist, first is
 * the first page, last/prev/next null with only one page); the rest (the offsets they name, pages they lead
 * to, subscriptions' links at all) is decisions.md.
 */
function linkCheck(target: FilterTarget, contract: Source, limits: readonly [number, number]): Check {
  return {
    id: `paging.${target.label}-links`,
    roundTrips: 3,
    title: `links first/last/prev/next of ${target.operation} are right and lead to the pages they name`,
    family: 'paging',
    source: contract,
    cites:
      contract === 'contract'
        ? CONTRACT.nodeLinks
        : decision('Paging', 'links: absolute URLs; first, last, prev, next'),
    operation: target.operation,
    async run(ctx) {
      const reference = await readableCollection(ctx, target);
      const ids = idsOf(reference.records);
      const only = ids[0];
      if (only === undefined) return ctx.inconclusive('the collection is empty');
      // A one-page answer whatever the collection's size: a filter that finds one record (or a few).
      const filter =
        target === NODE_PRODUCTS
          ? filterParameter([{ op: 'in', attribute: 'id', values: [only] }])
          : await subscriptionFilter(ctx);
      // Past the walk bound the collection's size, and so the offsets links must name, is unknown.
      const limit = reference.complete ? ctx.random.int(limits[0], limits[1]) : undefined;
      // Every value drawn: the one-page and the many-page rules do not wait for each other.
      const [single, multi] = await Promise.all([
        singlePageRules(ctx, target, contract, filter),
        limit !== undefined && ids.length > limit
          ? multiPageRules(ctx, target, contract, ids.length, limit)
          : [],
      ]);
      return [...single, ...multi];
    },
  };
}

/** The links object of a page; pushes a failure and gives undefined when there is none. */
function linksOf(
  ctx: CheckContext,
  page: FetchedPage,
  source: Source,
  failures: Failure[],
): Record<string, unknown> | undefined {
  const links = jsonAt(page.exchange.response.body, 'links');
  if (links !== null && typeof links === 'object' && !Array.isArray(links))
    return links as Record<string, unknown>;
  failures.push(
    ctx.fail(page.exchange, {
      rule: 'a list page carries links first, last, prev and next',
      source,
      message: `${page.label} has no links object`,
    }),
  );
  return undefined;
}

/** With only one page, last, prev and next are null and first leads to the page itself. */
async function singlePageRules(
  ctx: CheckContext,
  target: FilterTarget,
  source: Source,
  filter: string,
): Promise<Failure[]> {
  const query: Array<[string, string]> = [['filter', filter]];
  const exchange = await requestPage(ctx, target, 0, 100, query);
  const records = pageRecords(exchange);
  if (records === undefined) return [pageNotServed(ctx, exchange, 'a one-page request')];
  if (records.length >= 100) return [];
  const page = { exchange, label: `the one-page answer (${records.length} records)` };
  const failures: Failure[] = [];
  const links = linksOf(ctx, page, source, failures);
  if (links === undefined) return failures;
  for (const name of ['last', 'prev', 'next'] as const) {
    if (links[name] === null) continue;
    failures.push(
      ctx.fail(exchange, {
        rule: 'last, prev and next are null when there is only one page',
        source,
        message: `links.${name} is ${JSON.stringify(links[name]) ?? 'missing'} on the only page`,
        expected: null,
        actual: links[name] ?? 'missing',
      }),
    );
  }
  for (const name of ['self', 'first'] as const) {
    const link = links[name];
    const kept = typeof link === 'string' ? keptFilter(link) : undefined;
    if (typeof link !== 'string' || kept === filter) continue;
    failures.push(
      ctx.fail(exchange, {
        rule: "links keep the request's filter (decisions.md)",
        source: 'convention',
        message: `links.${name} of the filtered page does not carry filter=${filter}`,
        expected: filter,
        actual: link,
      }),
    );
  }
  failures.push(...(await followFirst(ctx, target, page, links, source, idsOf(records))));
  return failures;
}

/** The filter a link carries, decoded, or undefined. */
function keptFilter(link: string): string | undefined {
  try {
    return new URL(link).searchParams.get('filter') ?? undefined;
  } catch {
    return undefined;
  }
}

/** eq(account_id, ...) of a listed subscription: usually one record, always one page. */
async function subscriptionFilter(ctx: CheckContext): Promise<string> {
  const collection = await readableCollection(ctx, SUBSCRIPTIONS);
  const accounts = collection.records
    .map((record) => jsonAt(record, 'attributes', 'account_id'))
    .filter((value): value is string => typeof value === 'string');
  if (accounts.length === 0) ctx.inconclusive('no listed subscription shows an account_id');
  return filterParameter([{ op: 'eq', attribute: 'account_id', values: [ctx.random.pick(accounts)] }]);
}

/** `first` is always the first page (interface.md): followed, it answers the page at offset 0. */
async function followFirst(
  ctx: CheckContext,
  target: FilterTarget,
  page: FetchedPage,
  links: Record<string, unknown>,
  source: Source,
  firstIds: readonly string[],
): Promise<Failure[]> {
  const followed = await follow(ctx, target, page, links, 'first', source);
  if (!('exchange' in followed)) return followed;
  const offset = jsonAt(followed.exchange.response.body, 'meta', 'page', 'offset');
  const ids = idsOf(pageRecords(followed.exchange) ?? []);
  const atStart = target === NODE_PRODUCTS ? offset === 0 : ids.join() === firstIds.join();
  if (atStart) return [];
  return [
    ctx.fail(followed.exchange, {
      rule: 'links.first is always the first page',
      source,
      message:
        target === NODE_PRODUCTS
          ? `following links.first of ${page.label} gave meta.page.offset ${JSON.stringify(offset)}`
          : `following links.first of ${page.label} gave other records than the first page`,
      expected: target === NODE_PRODUCTS ? 0 : firstIds,
      actual: target === NODE_PRODUCTS ? offset : ids,
    }),
  ];
}

/** Whether a link stays on the base URL's origin and under its path. */
export function underBase(base: URL, link: string): boolean {
  try {
    const url = new URL(link);
    const prefix = base.pathname.replace(/\/+$/, '');
    return url.origin === base.origin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
  } catch {
    return false;
  }
}

/** Sends a link as given; a link that is not an absolute URL, or does not answer 2xx, is a failure. */
async function follow(
  ctx: CheckContext,
  target: FilterTarget,
  page: FetchedPage,
  links: Record<string, unknown>,
  name: LinkName,
  source: Source,
): Promise<FetchedPage | Failure[]> {
  const link = links[name];
  if (typeof link !== 'string' || linkPaging(link) === undefined) {
    return [
      ctx.fail(page.exchange, {
        rule: 'links are absolute URLs that can be followed',
        source,
        message: `links.${name} of ${page.label} is ${JSON.stringify(link) ?? 'missing'}`,
        actual: link ?? 'missing',
      }),
    ];
  }
  if (!underBase(ctx.baseUrl, link)) {
    // Not followed: the kit's credentials never go to another host, and what answers there is not under test.
    return [
      ctx.fail(page.exchange, {
        rule: 'links point under the base URL (not followed: credentials never leave it)',
        source: 'convention',
        cites: decision('Paging', 'links: absolute URLs that repeat the request (same host)'),
        message: `links.${name} of ${page.label} points off the base URL ${ctx.baseUrl.href}: ${link}`,
        expected: `${ctx.baseUrl.href}...`,
        actual: link,
      }),
    ];
  }
  const exchange = await ctx.send({ method: 'GET', url: link, operation: target.operation });
  if (pageRecords(exchange) !== undefined) return { exchange, label: `links.${name} of ${page.label}` };
  return [
    ctx.fail(exchange, {
      rule: 'a link the server returned can be followed (2xx with data)',
      source,
      message: `following links.${name} of ${page.label} answered ${exchange.response.status}`,
      expected: '2xx',
      actual: exchange.response.status,
    }),
  ];
}

/** The offsets links name on pages 1, 2 and the last, and where next, prev, last and first lead. */
async function multiPageRules(
  ctx: CheckContext,
  target: FilterTarget,
  contract: Source,
  total: number,
  limit: number,
): Promise<Failure[]> {
  const lastOffset = (Math.ceil(total / limit) - 1) * limit;
  const pages = new Map<number, FetchedPage>();
  const failures: Failure[] = [];
  const offsets = [...new Set([0, limit, lastOffset])];
  const answers = await inParallel(offsets, (offset) => requestPage(ctx, target, offset, limit));
  for (const [index, offset] of offsets.entries()) {
    const exchange = answers[index];
    if (exchange === undefined) continue;
    if (pageRecords(exchange) === undefined) {
      failures.push(pageNotServed(ctx, exchange, `page[offset]=${offset}&page[limit]=${limit}`));
      continue;
    }
    const page = { exchange, label: `page[offset]=${offset}&page[limit]=${limit}` };
    pages.set(offset, page);
    const links = linksOf(ctx, page, contract, failures);
    if (links === undefined) return failures;
    failures.push(
      ...offsetRules(
        ctx,
        page,
        links,
        expectedLinkOffsets(total, offset, limit),
        { offset, limit },
        contract,
      ),
    );
  }
  const trips: Array<[from: number, name: LinkName, to: number]> = [
    [0, 'next', limit],
    [limit, 'prev', 0],
    [0, 'last', lastOffset],
    [limit, 'first', 0],
  ];
  // Every trip followed at once; judged in order.
  const followedTrips = await inParallel(trips, async ([from, name, to]) => {
    const page = pages.get(from);
    const destination = pages.get(to);
    if (page === undefined || destination === undefined) return undefined;
    const links = linksOf(ctx, page, contract, []);
    if (links === undefined) return undefined;
    return { page, destination, name, followed: await follow(ctx, target, page, links, name, contract) };
  });
  for (const trip of followedTrips) {
    if (trip === undefined) continue;
    const { page, destination, name, followed } = trip;
    if (!('exchange' in followed)) {
      failures.push(...followed);
      continue;
    }
    const got = idsOf(pageRecords(followed.exchange) ?? []);
    const want = idsOf(pageRecords(destination.exchange) ?? []);
    if (got.join() === want.join()) continue;
    failures.push(
      ctx.fail(followed.exchange, {
        rule: `links.${name} leads to the page it names (decisions.md offsets)`,
        source: 'convention',
        message: `following links.${name} of ${page.label} did not give the records of ${destination.label}`,
        expected: want,
        actual: got,
      }),
    );
  }
  return failures;
}

/** Each link names the decisions.md offset and keeps page[limit]; first names offset 0 (interface.md). */
function offsetRules(
  ctx: CheckContext,
  page: FetchedPage,
  links: Record<string, unknown>,
  expected: LinkOffsets,
  paging: { offset: number; limit: number },
  contract: Source,
): Failure[] {
  const { offset, limit } = paging;
  const failures: Failure[] = [];
  const offsets: Record<LinkName | 'self', number | null> = { ...expected, self: offset };
  for (const name of ['self', ...LINK_NAMES] as const) {
    const link = links[name];
    const want = offsets[name];
    const named = typeof link === 'string' ? linkPaging(link) : undefined;
    const got = link === null ? null : named === undefined ? 'not a URL' : (named.offset ?? 0);
    const keepsLimit = link === null || named?.limit === limit;
    if (got === want && keepsLimit) continue;
    failures.push(
      ctx.fail(page.exchange, {
        rule:
          name === 'first'
            ? 'links.first is always the first page'
            : `links.${name} names the right page (decisions.md)`,
        source: name === 'first' && !(got === want) ? contract : 'convention',
        message: keepsLimit
          ? `links.${name} of ${page.label} names offset ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`
          : `links.${name} of ${page.label} does not keep page[limit]=${limit}`,
        expected: want,
        actual: link ?? 'missing',
      }),
    );
  }
  failures.push(...directionRules(ctx, page, links, offset, contract));
  return failures;
}

/**
 * Whatever offsets a server chooses, `next` must lead forward and `prev` back: a `next` that names this page
 * (or an earlier one) sends a client that follows it round for ever. That is the meaning of the names, so
 * it is held as contract where the links are, unlike the exact offsets of decisions.md.
 */
function directionRules(
  ctx: CheckContext,
  page: FetchedPage,
  links: Record<string, unknown>,
  offset: number,
  contract: Source,
): Failure[] {
  const failures: Failure[] = [];
  for (const [name, forward] of [
    ['next', true],
    ['prev', false],
  ] as const) {
    const link = links[name];
    const named = typeof link === 'string' ? linkPaging(link) : undefined;
    if (named === undefined) continue;
    const target = named.offset ?? 0;
    if (forward ? target > offset : target < offset) continue;
    failures.push(
      ctx.fail(page.exchange, {
        rule: `links.${name} leads ${forward ? 'forward' : 'back'} from the page it is on`,
        source: contract,
        message: `links.${name} of ${page.label} names offset ${target}, ${forward ? 'not after' : 'not before'} ${offset}`,
        expected: forward ? `an offset > ${offset}` : `an offset < ${offset}`,
        actual: link,
      }),
    );
  }
  return failures;
}

/** Node products' links are in interface.md; the subscriptions list's link members are not shown there. */
export const linkChecks: Check[] = [
  linkCheck(NODE_PRODUCTS, 'contract', [5, 15]),
  linkCheck(SUBSCRIPTIONS, 'convention', [20, 40]),
];
