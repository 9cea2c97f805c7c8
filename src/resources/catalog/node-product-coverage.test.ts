import { describe, expect, it } from 'vitest';
import { seededCatalogStore } from '../../../test/support/seeded-catalogs.js';
import { loadSpec } from '../../contract/spec-document.js';
import { specValidators } from '../../contract/validators.js';
import { SUPPORTED_LANGUAGES } from '../../i18n/language.js';
import { NODE_PRODUCT_INCLUDES } from '../../query/include.js';
import { READABLE_RELEASES } from '../../store/catalog/catalog-records.js';
import { nodeProductsDocument } from './node-products-document.js';

/**
 * FIELD COVERAGE: the products of the responses over every seeded catalog, readable release and node, with
 * every include, hold every property the spec's NodeProduct schema declares, and every response validates
 * against the operation's 200 schema with the mock's own validators. Paths are recorded per schema component
 * (`Variation.option`), so a component used in two places counts once; map entries count as `*`.
 */

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const spec = loadSpec() as unknown as Schema;
const schemas = ((spec.components as Schema | undefined)?.schemas ?? {}) as Record<string, Schema>;
const ROOT = 'NodeProduct';

function refName(schema: Schema): string | undefined {
  return typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
}

/** Branches a value may follow: the schema itself and its allOf/anyOf/oneOf members. */
function branches(schema: Schema): Schema[] {
  const combined = ['allOf', 'anyOf', 'oneOf'].flatMap((key) =>
    Array.isArray(schema[key]) ? (schema[key] as Schema[]) : [],
  );
  return [schema, ...combined.flatMap(branches)];
}

/** Every declared property path, `Component.a.b`, following refs into other components once. */
function declaredPaths(): Set<string> {
  const declared = new Set<string>();
  const visited = new Set<string>();
  const walk = (schema: Schema, prefix: string): void => {
    const name = refName(schema);
    if (name !== undefined) {
      if (visited.has(name)) return;
      visited.add(name);
      walk(schemas[name] ?? {}, name);
      return;
    }
    for (const branch of branches(schema)) {
      if (branch !== schema) walk(branch, prefix);
      for (const [key, child] of Object.entries((branch.properties ?? {}) as Record<string, Schema>)) {
        declared.add(`${prefix}.${key}`);
        walk(child, `${prefix}.${key}`);
      }
      if (isObject(branch.additionalProperties)) {
        declared.add(`${prefix}.*`);
        walk(branch.additionalProperties, `${prefix}.*`);
      }
      if (isObject(branch.items)) walk(branch.items, `${prefix}[]`);
    }
  };
  walk({ $ref: `#/components/schemas/${ROOT}` }, ROOT);
  return declared;
}

/** Records the declared paths a value fills, walking it alongside its schema. */
function recordSeen(value: unknown, schema: Schema, prefix: string, seen: Set<string>): void {
  const name = refName(schema);
  if (name !== undefined) return recordSeen(value, schemas[name] ?? {}, name, seen);
  for (const branch of branches(schema)) {
    if (branch !== schema) recordSeen(value, branch, prefix, seen);
    if (Array.isArray(value) && isObject(branch.items)) {
      for (const item of value) recordSeen(item, branch.items, `${prefix}[]`, seen);
    }
    if (!isObject(value)) continue;
    const properties = (branch.properties ?? {}) as Record<string, Schema>;
    for (const [key, child] of Object.entries(value)) {
      const declared = properties[key];
      if (declared !== undefined) {
        seen.add(`${prefix}.${key}`);
        recordSeen(child, declared, `${prefix}.${key}`, seen);
      } else if (isObject(branch.additionalProperties)) {
        seen.add(`${prefix}.*`);
        recordSeen(child, branch.additionalProperties, `${prefix}.*`, seen);
      }
    }
  }
}

/** Every response body of every node of every readable release of every catalog, all includes on. */
function* everyResponse(): Generator<unknown> {
  const store = seededCatalogStore({ seed: 1, products: 200 });
  const include = new Set(NODE_PRODUCT_INCLUDES);
  const page = { offset: 0, limit: 100 };
  let turn = 0;
  for (const catalog of store.catalogs) {
    for (const release of catalog.releases.slice(-READABLE_RELEASES)) {
      for (const nodeId of catalog.nodes.keys()) {
        const url = new URL(
          `http://mock.test/catalogs/${catalog.id}/releases/${release.id}/nodes/${nodeId}/relationships/products?include=${[...include].join(',')}`,
        );
        const language = SUPPORTED_LANGUAGES[turn++ % SUPPORTED_LANGUAGES.length] ?? 'en-US';
        const found = store.nodeProducts({
          catalogId: catalog.id,
          releaseId: release.id,
          nodeId,
          filter: [],
          page,
          language,
        });
        if (!found.ok) throw new Error(found.detail);
        const view = { catalog, release, language, nodeId, linkBase: 'http://mock.test' };
        yield JSON.parse(JSON.stringify(nodeProductsDocument(found, include, page, url, view)));
      }
    }
  }
}

describe('node product field coverage', () => {
  const declared = declaredPaths();
  const seen = new Set<string>();
  const validate = specValidators().response('getNodeProducts', 200);
  const invalid: unknown[] = [];
  let products = 0;
  let sample: { data: Record<string, Record<string, unknown>>[] } | undefined;
  for (const body of everyResponse()) {
    sample ??= (body as { data: unknown[] }).data.length > 0 ? structuredClone(body as never) : undefined;
    const violations = validate(body);
    if (violations.length > 0) invalid.push(violations.slice(0, 3));
    const { data = [], included = {} } = body as {
      data?: unknown[];
      included?: { component_products?: unknown[] };
    };
    for (const product of [...data, ...(included.component_products ?? [])]) {
      products += 1;
      recordSeen(product, { $ref: `#/components/schemas/${ROOT}` }, ROOT, seen);
    }
  }
  const missing = [...declared].filter((path) => !seen.has(path)).sort();
  const coverage = ((declared.size - missing.length) / declared.size) * 100;
  console.log(
    `node product field coverage: ${coverage.toFixed(1)}% (${declared.size - missing.length}/${declared.size} declared paths over ${products} products)` +
      (missing.length > 0 ? `; missing: ${missing.join(', ')}` : ''),
  );

  it('walks a schema that declares the contract fields', () => {
    for (const path of [
      'NodeProduct.attributes',
      'NodeProductMeta.bread_crumbs',
      'Variation.option',
      'BundleComponent.options',
    ]) {
      expect(declared).toContain(path);
    }
    expect(products).toBeGreaterThan(500);
  });

  it('fills every declared property somewhere (100 % coverage)', () => {
    expect(missing).toEqual([]);
    expect(coverage).toBe(100);
  });

  it('validates every response against the 200 response schema of getNodeProducts', () => {
    expect(invalid).toEqual([]);
  });

  const breaks = [
    {
      why: 'curated_product false',
      apply: (p: Record<string, Record<string, unknown>>) => (p.attributes!.curated_product = false),
    },
    {
      why: 'a slug with a space',
      apply: (p: Record<string, Record<string, unknown>>) => (p.attributes!.slug = 'a b'),
    },
    {
      why: 'eleven bread crumb nodes',
      apply: (p: Record<string, Record<string, unknown>>) =>
        (p.meta!.bread_crumb_nodes = Array(11).fill('n')),
    },
    {
      why: 'an unknown product type',
      apply: (p: Record<string, Record<string, unknown>>) => (p.meta!.product_types = ['kit']),
    },
  ];
  it.each(breaks)('is a validator that rejects $why', ({ apply }) => {
    const body = structuredClone(sample);
    const product = body?.data[0];
    expect(product).toBeDefined();
    if (product !== undefined) apply(product);
    expect(validate(body).length).toBeGreaterThan(0);
  });
});
