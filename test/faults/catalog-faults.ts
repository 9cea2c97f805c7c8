import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { child, dataRecords, isObject, onRequest, onResponse, recordParts, type Fault } from './fault.js';

const releaseIds = FIXTURE_IDS.catalog.release_ids;

/** The oldest release still published: it holds fewer products than the newest. */
const OLDER_RELEASE = releaseIds[1] ?? '';

/** Eleven parent node ids: one level more than interface.md's limit of 10. */
const ELEVEN_NODES = Array.from(
  { length: 11 },
  (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
);

/** Node products that break the catalog rules of interface.md. */
export const catalogFaults: Fault[] = [
  {
    name: 'latest-is-an-older-release',
    description: '`latest` resolves to the oldest published release instead of the newest',
    only: 'catalog',
    expectFailedCheck: 'catalog.latest-alias',
    handler: onRequest(['getNodeProducts'], (req) => {
      req.url.pathname = req.url.pathname.replace('/releases/latest/', `/releases/${OLDER_RELEASE}/`);
    }),
  },
  {
    name: 'accept-language-ignored',
    description:
      'accept-language is dropped on the way in: meta.language is always en-US (decisions.md: --strict)',
    only: 'catalog',
    expectFailedCheck: 'catalog.accept-language',
    strict: true,
    handler: onRequest(['getNodeProducts'], (req) => delete req.headers['accept-language']),
  },
  {
    name: 'meta-language-always-en-us',
    description:
      'meta.language says en-US whatever language was negotiated (decisions.md: a warning without --strict)',
    only: 'catalog.accept-language',
    expectWarnedCheck: 'catalog.accept-language',
    handler: onResponse(['getNodeProducts'], (body) => {
      for (const meta of recordParts(body, 'meta')) meta.language = 'en-US';
    }),
  },
  {
    name: 'curated-products-last',
    description: 'every page of products comes in reverse order, curated products last (decisions.md: first)',
    only: 'catalog.curated-first',
    expectWarnedCheck: 'catalog.curated-first',
    handler: onResponse(['getNodeProducts'], (body) => {
      if (Array.isArray(body.data)) body.data.reverse();
    }),
  },
  {
    name: 'draft-product-leaks',
    description: 'the last product of every page is a draft (the live-only filter is missing)',
    only: 'catalog',
    expectFailedCheck: 'catalog.live-only',
    handler: onResponse(['getNodeProducts'], (body) => {
      const attributes = child(dataRecords(body).at(-1), 'attributes');
      if (attributes !== undefined) attributes.status = 'draft';
    }),
  },
  {
    name: 'empty-variations',
    description: 'products without variations carry variations: [] instead of omitting it',
    only: 'catalog',
    expectFailedCheck: 'catalog.variations-omitted',
    handler: onResponse(['getNodeProducts'], (body) => {
      for (const meta of recordParts(body, 'meta')) meta.variations ??= [];
    }),
  },
  {
    name: 'curated-false',
    description: 'products that are not curated carry curated_product: false instead of omitting it',
    only: 'catalog',
    expectFailedCheck: 'catalog.curated-flag',
    handler: onResponse(['getNodeProducts'], (body) => {
      for (const attributes of recordParts(body, 'attributes')) attributes.curated_product ??= false;
    }),
  },
  {
    name: 'breadcrumb-depth-11',
    description: 'breadcrumbs run 11 levels deep (the hierarchy depth limit of 10 is not enforced)',
    only: 'limits',
    expectFailedCheck: 'limits.breadcrumb-depth',
    handler: onResponse(['getNodeProducts'], (body) => {
      for (const record of dataRecords(body)) {
        const meta = child(record, 'meta');
        if (meta === undefined) continue;
        meta.bread_crumb_nodes = ELEVEN_NODES;
        const crumbs = child(meta, 'bread_crumbs') ?? {};
        for (const node of Object.keys(crumbs)) crumbs[node] = [...ELEVEN_NODES, node];
      }
    }),
  },
  {
    name: 'catalog-source-not-pim',
    description: 'meta.catalog_source says erp (an upstream system name leaks) instead of pim',
    only: 'catalog',
    expectFailedCheck: 'catalog.catalog-source',
    handler: onResponse(['getNodeProducts'], (body) => {
      for (const meta of recordParts(body, 'meta')) meta.catalog_source = 'erp';
    }),
  },
  {
    name: 'tier-without-minimum-quantity',
    description: 'price tiers come without minimum_quantity',
    only: 'catalog',
    expectFailedCheck: 'catalog.tiers-minimum-quantity',
    handler: onResponse(['getNodeProducts'], (body) => {
      for (const tiers of recordParts(body, 'attributes', 'tiers')) {
        for (const tier of Object.values(tiers)) if (isObject(tier)) delete tier.minimum_quantity;
      }
    }),
  },
  {
    name: 'offering-name-too-short',
    description: 'offering names are truncated to 2 characters (below the minimum of 3)',
    only: 'limits',
    expectFailedCheck: 'limits.names',
    handler: onResponse(['listSubscriptions'], (body) => {
      for (const offering of recordParts(body, 'attributes', 'offering', 'attributes')) {
        if (typeof offering.name === 'string') offering.name = offering.name.slice(0, 2);
      }
    }),
  },
  {
    name: 'node-products-page-of-101',
    description:
      'page[limit]=100 on node products is answered with 101 records (the page cap is not enforced)',
    only: 'limits.node-products-page-size',
    expectFailedCheck: 'limits.node-products-page-size',
    handler: onResponse(['getNodeProducts'], (body, req) => {
      const records = dataRecords(body);
      if (req.url.searchParams.get('page[limit]') !== '100') return;
      body.data = Array.from({ length: 101 }, (_, i) => records[i % Math.max(1, records.length)]);
    }),
  },
];
