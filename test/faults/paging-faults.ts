import {
  LISTS,
  child,
  dataRecords,
  isObject,
  isSuccess,
  onRequest,
  onResponse,
  operationOf,
  paging,
  rewriteLinks,
  withQuery,
  type Fault,
  type JsonObject,
} from './fault.js';
import type { Handler } from './fault-proxy.js';

/** The record before the page is served again at its top (an off-by-one in the offset), the page's last is lost. */
const repeatAcrossPages: Handler = async (req, forward) => {
  const res = await forward(req);
  const { offset } = paging(req);
  if (operationOf(req) === undefined || !isSuccess(res.status) || offset === undefined || offset < 1)
    return res;
  const before = await forward(withQuery(req, { 'page[offset]': String(offset - 1), 'page[limit]': '1' }));
  const previous = dataRecords(before.body)[0];
  const data = isObject(res.body) ? res.body.data : undefined;
  if (previous !== undefined && Array.isArray(data) && data.length > 0) {
    (res.body as JsonObject).data = [previous, ...data.slice(0, -1)];
  }
  return res;
};

/** Over 100 records asked for: served by gluing pages of 100 together instead of clamping or rejecting. */
const noPageCap: Handler = async (req, forward) => {
  const { offset = 0, limit } = paging(req);
  if (operationOf(req) !== 'listSubscriptions' || limit === undefined || limit <= 100) return forward(req);
  const first = await forward(withQuery(req, { 'page[offset]': String(offset), 'page[limit]': '100' }));
  const second = await forward(
    withQuery(req, { 'page[offset]': String(offset + 100), 'page[limit]': '100' }),
  );
  if (!isObject(first.body) || !isSuccess(second.status)) return first;
  first.body.data = [...dataRecords(first.body), ...dataRecords(second.body)].slice(0, limit);
  return first;
};

/** Paging that loses, repeats or miscounts records. */
export const pagingFaults: Fault[] = [
  {
    name: 'offset-ignored',
    description: 'page[offset] is ignored: every page is the first page',
    only: 'paging',
    expectFailedCheck: 'paging.subscriptions-walk',
    handler: onRequest(LISTS, (req) => req.url.searchParams.delete('page[offset]')),
  },
  {
    name: 'limit-ignored',
    description: 'page[limit] is ignored: every page holds the store default of 25',
    only: 'paging',
    expectFailedCheck: 'paging.node-products-walk',
    handler: onRequest(LISTS, (req) => req.url.searchParams.delete('page[limit]')),
  },
  {
    name: 'record-repeated-across-pages',
    description:
      'an off-by-one offset: each page repeats the last record of the page before and loses its own last',
    only: 'paging',
    expectFailedCheck: 'paging.subscriptions-walk',
    handler: () => repeatAcrossPages,
  },
  {
    name: 'last-record-missing',
    description: 'the last page loses its last record while meta.results.total still counts it',
    only: 'paging',
    expectFailedCheck: 'paging.node-products-walk',
    handler: onResponse(LISTS, (body, req) => {
      const data = body.data;
      const { offset = 0 } = paging(req);
      const total = child(body, 'meta', 'results')?.total;
      const lastPage = child(body, 'links')?.next === null;
      if (Array.isArray(data) && data.length > 0 && (lastPage || offset + data.length === total)) data.pop();
    }),
  },
  {
    name: 'page-current-off-by-one',
    description: 'meta.page.current counts from 2 (offset / limit + 2; decisions.md: --strict)',
    only: 'paging',
    expectFailedCheck: 'paging.node-products-meta',
    strict: true,
    handler: onResponse(['getNodeProducts'], (body) => {
      const page = child(body, 'meta', 'page');
      if (page !== undefined && typeof page.current === 'number') page.current += 1;
    }),
  },
  {
    name: 'results-total-is-page-size',
    description: 'meta.results.total counts the records of the page, not of the collection',
    only: 'paging',
    expectFailedCheck: 'paging.node-products-meta',
    handler: onResponse(['getNodeProducts'], (body) => {
      const results = child(body, 'meta', 'results');
      if (results !== undefined && Array.isArray(body.data)) results.total = body.data.length;
    }),
  },
  {
    name: 'next-link-same-page',
    description: 'links.next repeats the current page, so a client following it never ends',
    only: 'paging',
    expectFailedCheck: 'paging.node-products-links',
    handler: onResponse(LISTS, (body) => {
      const links = child(body, 'links');
      if (links !== undefined && typeof links.next === 'string') links.next = links.self;
    }),
  },
  {
    name: 'single-page-links-not-null',
    description: 'on a collection of one page, last and next are set instead of null',
    only: 'paging',
    expectFailedCheck: 'paging.node-products-links',
    handler: onResponse(LISTS, (body) => {
      const links = child(body, 'links');
      if (links !== undefined && links.last === null && links.next === null && links.prev === null) {
        links.last = links.first;
        links.next = links.first;
      }
    }),
  },
  {
    name: 'page-over-100-records',
    description: 'page[limit] above 100 is neither rejected nor clamped: 150 asked, 150 served',
    only: 'rejection.list-subscriptions-paging',
    expectFailedCheck: 'rejection.list-subscriptions-paging',
    handler: () => noPageCap,
  },
  {
    name: 'offset-one-short',
    description:
      'page[offset] is read one short: each later page starts again at the last record of the one before',
    only: 'paging.node-products-walk',
    expectFailedCheck: 'paging.node-products-walk',
    handler: onRequest(LISTS, (req) => {
      const { offset } = paging(req);
      if (offset !== undefined && offset > 0) req.url.searchParams.set('page[offset]', String(offset - 1));
    }),
  },
  {
    name: 'results-total-off-by-one',
    description: 'meta.results.total counts one record more than the collection holds',
    only: 'paging.node-products-meta',
    expectFailedCheck: 'paging.node-products-meta',
    handler: onResponse(LISTS, (body) => {
      const results = child(body, 'meta', 'results');
      if (results !== undefined && typeof results.total === 'number') results.total += 1;
    }),
  },
  {
    name: 'only-page-links-next',
    description: 'the only page of a collection (links.last null) links next to itself instead of null',
    only: 'paging.node-products-links',
    expectFailedCheck: 'paging.node-products-links',
    handler: onResponse(LISTS, (body) => {
      const links = child(body, 'links');
      if (links !== undefined && links.last === null) links.next = links.self;
    }),
  },
  {
    name: 'links-drop-filter',
    description: "paging links leave out the request's filter (decisions.md: links keep it; a warning)",
    only: 'paging.node-products-links',
    expectWarnedCheck: 'paging.node-products-links',
    handler: onResponse(LISTS, (body) =>
      rewriteLinks(body, (link) => {
        link.searchParams.delete('filter');
        return link.href;
      }),
    ),
  },
];
