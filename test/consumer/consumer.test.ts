// What a front-end team generates from the spec must match what the mock sends (issue 12): types generated
// afresh from spec/openapi.yaml type-check a strict openapi-fetch client, and every field of every response of
// a broad request set is declared, typed, and of the declared type. Goal: 0 type errors, 0 findings.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startMock, type RunningMock } from '../../src/index.js';
import { specPath } from '../../src/contract/spec-document.js';
import { seededCatalogStore } from '../support/seeded-catalogs.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { askEverything, type Answer, type RequestTargets } from './request-set.js';
import { subcatClient } from './strict-client.js';
import { typeCheckClient } from './type-check-client.js';
import { undeclaredFields } from './undeclared-fields.js';

const SIZES = { seed: 1, subscriptions: 120, products: 40 };
const METHODS = ['get', 'put', 'post'];

/** The schema of each operation's success body, found by operationId in the document as written. */
function successSchemas(doc: Record<string, unknown>): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const item of Object.values(doc.paths as Record<string, Record<string, unknown>>))
    for (const method of METHODS) {
      const op = item[method] as { operationId: string; responses: Record<string, unknown> } | undefined;
      const status = Object.keys(op?.responses ?? {}).find((code) => code.startsWith('2'));
      const response = status === undefined ? undefined : op?.responses[status];
      const content = (response as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
      if (op !== undefined) found.set(op.operationId, content?.['application/json']?.schema);
    }
  return found;
}

/** Every published (catalog, release, node) of the seeded catalogs, `latest` included. */
function seededNodes(): RequestTargets['nodes'] {
  const store = seededCatalogStore({ seed: SIZES.seed, products: SIZES.products });
  return store.catalogs.flatMap((skeleton) => {
    const nodes = [...(store.catalog(skeleton.id)?.nodes.keys() ?? [])];
    const releases = ['latest', ...skeleton.releases.slice(-3).map((release) => release.id)];
    return releases.flatMap((release_id) =>
      nodes.map((node_id) => ({ catalog_id: skeleton.id, release_id, node_id })),
    );
  });
}

/** Each finding as `operation kind path`, once, with the first request that showed it. */
function findingsOf(doc: object, answers: readonly Answer[]): Map<string, string> {
  const schemas = successSchemas(doc as Record<string, unknown>);
  const found = new Map<string, string>();
  for (const { operation, request, body } of answers) {
    const fields = undeclaredFields(doc, schemas.get(operation), body);
    for (const kind of ['undeclared', 'untyped', 'mistyped'] as const)
      for (const path of fields[kind])
        if (!found.has(`${operation} ${kind} ${path}`)) found.set(`${operation} ${kind} ${path}`, request);
  }
  return found;
}

const ids = FIXTURE_IDS;
const targets: RequestTargets = {
  accountId: ids.subscriptions.account_id,
  offeringId: ids.subscriptions.offering_id,
  planIds: ids.subscriptions.plan_ids,
  subscriptionId: ids.subscriptions.subscription_id,
  pendingSubscriptionId: ids.subscriptions.pending_subscription_id,
  showcase: { catalog_id: ids.catalog.catalog_id, release_id: 'latest', node_id: ids.catalog.node_id },
  nodes: seededNodes(),
};

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, logLevel: 'silent', ...SIZES });
});
afterAll(() => mock.close());

describe('a front-end client generated from spec/openapi.yaml', () => {
  it('type-checks under tsc --strict with openapi-fetch: 0 type errors', async () => {
    const errors = await typeCheckClient(specPath);
    console.log(`consumer type check: ${errors.length} type errors`);
    expect(errors).toEqual([]);
  });

  it('finds every field of every response declared, typed and of its type: 0 findings', async () => {
    const answers = await askEverything(subcatClient(mock.url), targets);
    const doc = parse(readFileSync(specPath, 'utf8')) as object;
    const findings = findingsOf(doc, answers);
    const operations = new Set(answers.map((answer) => answer.operation));
    console.log(`consumer field walk: ${answers.length} responses, ${findings.size} findings`);
    expect(operations.size).toBe(4);
    expect(answers.length).toBeGreaterThan(targets.nodes.length);
    expect([...findings].map(([finding, request]) => `${finding} (first in: ${request})`)).toEqual([]);
  });

  it('reports a field the spec does not declare, so the walk above can fail', () => {
    const doc = parse(readFileSync(specPath, 'utf8')) as object;
    const body = { data: [], links: {}, meta: {}, surprise: { nested: 1 } };
    const answer: Answer = { operation: 'listSubscriptions', request: 'hand-made', body };
    expect([...findingsOf(doc, [answer]).keys()]).toContain('listSubscriptions undeclared surprise');
  });
});
