import type { Check, Failure, Source } from '../check.js';
import { CONTRACT, decision } from '../citations.js';
import {
  curatedAfterOthers,
  curatedFlagProblem,
  hasEmptyVariations,
  latestPublication,
  newestFirst,
  tierProblems,
  variationOrderProblems,
} from '../oracles/catalog-rules.js';
import { filterParameter } from '../oracles/filter-match.js';
import { idsOf, listIds, missingIds } from '../oracles/id-sets.js';
import { idOf, jsonAt } from '../oracles/json-at.js';
import { catalogParams, isSuccess, walkPages } from '../shared-requests.js';
import { NODE_PRODUCTS, pageHolding, readableCollection } from './filter-targets.js';
import { pageRecords } from './page-requests.js';

/** A rule every product must keep: `problem` says what is wrong with one product, or undefined. */
interface ProductRule {
  id: string;
  title: string;
  rule: string;
  problem: (product: unknown) => string | undefined;
  cites: string;
  source?: Source;
}

/**
 * The check of a product rule over the walked collection. Failures list the breaking products, each reported
 * once with the page that served it.
 */
function productRule({ id, title, rule, problem, cites, source = 'contract' }: ProductRule): Check {
  return {
    id,
    title,
    family: 'catalog',
    source,
    cites,
    operation: 'getNodeProducts',
    async run(ctx) {
      const collection = await readableCollection(ctx, NODE_PRODUCTS);
      const broken = new Map<string, string>();
      for (const product of collection.records) {
        const found = problem(product);
        if (found !== undefined) broken.set(idOf(product) ?? '(no id)', found);
      }
      const [firstId] = broken.keys();
      if (firstId === undefined) return [];
      const details = [...broken.entries()].slice(0, 5).map(([productId, found]) => `${productId}: ${found}`);
      return [
        ctx.fail(pageHolding(collection, firstId), {
          rule,
          message: `${broken.size} product(s) break it: ${details.join('; ')}`,
          actual: details,
        }),
      ];
    },
  };
}

/** Only live products are returned: on every product page the run receives (interface.md). */
const liveOnly: Check = {
  id: 'catalog.live-only',
  title: 'Every product on every node products page of the run is live',
  family: 'catalog',
  source: 'contract',
  cites: CONTRACT.liveOnly,
  operation: 'getNodeProducts',
  watch(ctx, exchange) {
    if (exchange.operation !== 'getNodeProducts') return undefined;
    const records = pageRecords(exchange) ?? [];
    const shown = records.filter((product) => jsonAt(product, 'attributes', 'status') !== undefined);
    if (shown.length === 0) return undefined;
    const notLive = shown.filter((product) => jsonAt(product, 'attributes', 'status') !== 'live');
    if (notLive.length === 0) return [];
    return [
      ctx.fail(exchange, {
        rule: 'only products in live status are returned',
        message: `${notLive.length} product(s) not live: ${listIds(idsOf(notLive))}`,
        expected: 'live',
        actual: notLive.map((product) => jsonAt(product, 'attributes', 'status')),
      }),
    ];
  },
};

/**
 * `latest` gives the products of the newest release. The kit knows the newest only as the release it was
 * given: when that one's products were published before latest's, it is an older release and the check skips.
 */
const latestAlias: Check = {
  id: 'catalog.latest-alias',
  title: 'release_id latest gives the same products as the newest release id',
  family: 'catalog',
  source: 'contract',
  cites: CONTRACT.latest,
  operation: 'getNodeProducts',
  async run(ctx) {
    if (ctx.ids.releaseId === 'latest')
      ctx.skip('--release-id is latest: name the newest release id to compare');
    const named = await readableCollection(ctx, NODE_PRODUCTS, { allowEmpty: true });
    const latest = await walkPages(
      ctx,
      'getNodeProducts',
      { params: { ...catalogParams(ctx), release_id: 'latest' } },
      100,
    );
    if (latest.failed !== undefined) {
      return [
        ctx.fail(latest.failed, {
          rule: 'release_id latest addresses the most recently published release',
          message: `release latest answered ${latest.failed.response.status}`,
          expected: '2xx',
          actual: latest.failed.response.status,
        }),
      ];
    }
    if (!named.complete || !latest.complete)
      ctx.inconclusive('the node has more products than the walk bound');
    const namedIds = idsOf(named.records);
    const latestIds = idsOf(latest.records);
    const missing = missingIds(namedIds, latestIds);
    const extra = missingIds(latestIds, namedIds);
    if (missing.length > 0 || extra.length > 0) {
      const namedAt = latestPublication(named.records);
      const latestAt = latestPublication(latest.records);
      if (namedAt !== undefined && latestAt !== undefined && namedAt < latestAt) {
        ctx.skip(`release ${ctx.ids.releaseId} was published before latest's: it is not the newest release`);
      }
      return [
        ctx.fail(latest.pages[0]?.exchange, {
          rule: 'release_id latest gives the products of the most recently published release',
          message: `latest differs from release ${ctx.ids.releaseId}: ${missing.length} missing (${listIds(missing)}), ${extra.length} extra (${listIds(extra)})`,
          expected: namedIds,
          actual: latestIds,
        }),
      ];
    }
    if (namedIds.join() === latestIds.join()) return [];
    return [
      ctx.fail(latest.pages[0]?.exchange, {
        rule: 'the same release lists its products in the same order whichever way it is addressed',
        source: 'convention',
        cites: decision('Catalog', 'release_id is a release id or latest (the most recently published)'),
        message: `latest lists the products of release ${ctx.ids.releaseId} in another order`,
        expected: namedIds,
        actual: latestIds,
      }),
    ];
  },
};

/** The languages the kit asks for: decisions.md names them as supported by the mock. */
const LANGUAGES = ['fr-FR', 'de-DE'] as const;

/** accept-language is reflected in each product's meta.language (a string; the asked one when supported). */
const acceptLanguage: Check = {
  id: 'catalog.accept-language',
  title: "accept-language is reflected in the products' meta.language",
  family: 'catalog',
  source: 'contract',
  cites: CONTRACT.language,
  operation: 'getNodeProducts',
  async run(ctx) {
    const failures: Failure[] = [];
    for (const language of LANGUAGES) {
      const exchange = await ctx.call('getNodeProducts', {
        params: catalogParams(ctx),
        headers: { 'accept-language': language },
      });
      const records = pageRecords(exchange);
      if (records === undefined) {
        failures.push(
          ctx.fail(exchange, {
            rule: 'a request with accept-language is served (2xx)',
            message: `accept-language: ${language} answered ${exchange.response.status}`,
            expected: '2xx',
            actual: exchange.response.status,
          }),
        );
        continue;
      }
      const languages = records.map((product) => jsonAt(product, 'meta', 'language'));
      const notString = languages.filter((value) => typeof value !== 'string');
      if (notString.length > 0) {
        failures.push(
          ctx.fail(exchange, {
            rule: "each product's meta.language names the storefront language",
            message: `${notString.length} product(s) have no meta.language string`,
            actual: notString[0] ?? null,
          }),
        );
      }
      const other = languages.filter((value) => typeof value === 'string' && value !== language);
      const header = exchange.response.headers['content-language'];
      if (other.length > 0 || (header !== undefined && header !== language)) {
        failures.push(
          ctx.fail(exchange, {
            rule: 'a supported accept-language sets meta.language and Content-Language (decisions.md)',
            source: 'convention',
            cites: decision('Catalog', 'accept-language: the best supported match sets meta.language'),
            message: `accept-language: ${language} gave meta.language ${JSON.stringify(other[0] ?? language)}, Content-Language ${header ?? '(none)'}`,
            expected: language,
            actual: { language: other[0] ?? language, contentLanguage: header ?? null },
          }),
        );
      }
    }
    return failures;
  },
};

/** Curated products precede the others on the collection's pages (decisions.md). */
const curatedFirst: Check = {
  id: 'catalog.curated-first',
  title: 'Curated products (curated_product true) come before the others',
  family: 'catalog',
  source: 'convention',
  cites: decision('Catalog', "curated products of a node come first, in the node's curated order"),
  operation: 'getNodeProducts',
  async run(ctx) {
    const collection = await readableCollection(ctx, NODE_PRODUCTS);
    const late = curatedAfterOthers(collection.records);
    if (late === undefined) return [];
    return [
      ctx.fail(pageHolding(collection, late), {
        rule: "curated products come first, in the node's curated order (decisions.md)",
        message: `curated product ${late} comes after a product that is not curated`,
        actual: late,
      }),
    ];
  },
};

/** in(id, ...) with ids in any order returns those products (interface.md), newest update first (decisions.md). */
const inIds: Check = {
  id: 'catalog.in-ids',
  title: 'in(id, ...) with ids in any order returns those products, most recently updated first',
  family: 'catalog',
  source: 'contract',
  cites: CONTRACT.inIds,
  operation: 'getNodeProducts',
  async run(ctx) {
    const collection = await readableCollection(ctx, NODE_PRODUCTS);
    const pool = idsOf(collection.records);
    if (pool.length < 2) ctx.inconclusive('the node has fewer than 2 products');
    const picked: string[] = [];
    while (picked.length < Math.min(6, pool.length)) {
      const [id] = pool.splice(ctx.random.int(0, pool.length - 1), 1);
      if (id !== undefined) picked.push(id);
    }
    const filter = filterParameter([{ op: 'in', attribute: 'id', values: picked }]);
    const exchange = await ctx.call('getNodeProducts', { params: catalogParams(ctx), query: { filter } });
    const records = pageRecords(exchange);
    if (records === undefined || !isSuccess(exchange.response.status)) {
      return [
        ctx.fail(exchange, {
          rule: 'in(id, ...) is accepted',
          message: `filter=${filter} answered ${exchange.response.status}`,
          expected: '2xx',
          actual: exchange.response.status,
        }),
      ];
    }
    const returned = idsOf(records);
    const missing = missingIds(picked, returned);
    const extra = missingIds(returned, picked);
    if (missing.length > 0 || extra.length > 0) {
      return [
        ctx.fail(exchange, {
          rule: 'in(id, ...) with any number of ids in any order returns those products',
          message: `${missing.length} asked id(s) missing (${listIds(missing)}), ${extra.length} unasked returned (${listIds(extra)})`,
          expected: picked,
          actual: returned,
        }),
      ];
    }
    if (newestFirst(records)) return [];
    return [
      ctx.fail(exchange, {
        rule: 'in(id, ...) results come most recently updated first (decisions.md)',
        source: 'convention',
        cites: decision(
          'Filters',
          'in(id,...) on node products: results are ordered by updated_at, most recent first',
        ),
        message: `filter=${filter} is not ordered by updated_at, newest first`,
        actual: records.map((record) => jsonAt(record, 'attributes', 'updated_at')),
      }),
    ];
  },
};

/** The product rules of interface.md, judged on every product a page shows. */
const PRODUCT_RULES: readonly ProductRule[] = [
  {
    id: 'catalog.curated-flag',
    title: 'curated_product is only ever true',
    rule: 'curated_product is shown with value true when curated and omitted otherwise',
    problem: (product) =>
      curatedFlagProblem(product)
        ? `curated_product is ${JSON.stringify(jsonAt(product, 'attributes', 'curated_product'))}`
        : undefined,
    cites: CONTRACT.curatedFlag,
  },
  {
    id: 'catalog.variations-omitted',
    title: 'meta.variations is omitted when a product has none',
    rule: 'variations are listed when the product has variations and omitted when it has none',
    problem: (product) =>
      hasEmptyVariations(product)
        ? `meta.variations is ${JSON.stringify(jsonAt(product, 'meta', 'variations'))}`
        : undefined,
    cites: CONTRACT.variationsOmitted,
  },
  {
    id: 'catalog.variations-order',
    title: 'Variations and options of published products descend by sort_order',
    rule: 'once a product is published, variations and options come in descending order of sort_order',
    problem: (product) => {
      const problems = variationOrderProblems(product);
      return problems.length === 0 ? undefined : `${problems.join(', ')} not in descending sort_order`;
    },
    cites: CONTRACT.variationsOrder,
  },
  {
    id: 'catalog.catalog-source',
    title: 'meta.catalog_source is always pim',
    rule: 'meta.catalog_source is always pim',
    problem: (product) => {
      const source = jsonAt(product, 'meta', 'catalog_source');
      return source === undefined || source === 'pim'
        ? undefined
        : `meta.catalog_source is ${JSON.stringify(source)}`;
    },
    cites: CONTRACT.catalogSource,
  },
  {
    id: 'catalog.tiers-minimum-quantity',
    title: 'Every price tier carries minimum_quantity of at least 1',
    rule: 'each tier has minimum_quantity, an integer of at least 1',
    problem: (product) => {
      const tiers = tierProblems(product);
      return tiers.length === 0 ? undefined : `tier(s) ${tiers.join(', ')} lack a minimum_quantity >= 1`;
    },
    cites: CONTRACT.tiers,
  },
];

export const catalogChecks: Check[] = [
  liveOnly,
  latestAlias,
  acceptLanguage,
  curatedFirst,
  inIds,
  ...PRODUCT_RULES.map(productRule),
];
