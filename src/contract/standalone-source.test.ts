import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { memberOf } from './json-pointer.js';
import { createAjv } from './create-ajv.js';
import { loadAdminSpec, loadSpec } from './spec-document.js';
import { standaloneSource } from './standalone-source.js';
import { createValidators, type Precompiled } from './validators.js';

/** What the build writes for `document`, evaluated here (as require would) and given its document. */
function generated(document = loadSpec()): { refs: string[]; precompiled: Precompiled } {
  const module = { exports: {} as Record<string, unknown> };
  const wrapped = `(function (exports, require, module) {${standaloneSource(document, 'test')}\n})`;
  const run = new Script(wrapped).runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, createRequire(import.meta.url), module);
  const found = module.exports as {
    refs: Record<string, string>;
    validators(at: (path: readonly string[]) => unknown): Record<string, ValidateFunction>;
  };
  const at = (path: readonly string[]): unknown => path.reduce<unknown>(memberOf, document);
  const functions = found.validators(at);
  return { refs: Object.keys(found.refs), precompiled: (ref) => functions[found.refs[ref] ?? ''] };
}

const spec = generated();
const built = createValidators(loadSpec(), spec.precompiled);
const compiled = createValidators(loadSpec());
const account = '29949968-2749-44ee-9002-18b1b3a8e3a7';
const offering = '07ed42d5-63ec-40d8-8ee0-b28bc46cb754';
const build = { account_id: account, offering_id: offering, currency: 'USD', manual_payments: true };

describe('the request validators the build writes', () => {
  const bodies = [
    { why: 'a create missing its required members', operationId: 'createSubscription', body: { data: {} } },
    {
      why: 'a create whose payment authority is of another kind (a oneOf)',
      operationId: 'createSubscription',
      body: { data: { ...build, payment_authority: { type: 'stripe' } } },
    },
    {
      why: 'an inline offering with a lowercase currency key and no plans',
      operationId: 'createSubscription',
      body: {
        data: {
          ...build,
          offering: { name: 'Box', products: [{ name: 'Tea', price: { usd: { amount: 1 } } }], plans: [] },
        },
      },
    },
    {
      why: 'an update of the wrong type with non-nullable values',
      operationId: 'updateSubscription',
      body: { data: { id: account, type: 'subscriptions', attributes: { address_id: 5, go_live_after: 3 } } },
    },
    { why: 'an update that is not an object', operationId: 'updateSubscription', body: [1, 'x', null] },
  ];
  it.each(bodies)('find what ajv finds in $why', ({ operationId, body }) => {
    const found = built.operation(operationId)?.body?.(body);
    expect(found?.violations.length).toBeGreaterThan(0);
    expect(found).toEqual(compiled.operation(operationId)?.body?.(body));
  });

  const queries = [
    { operationId: 'listSubscriptions', query: 'page[limit]=0&page[offset]=-1&include=foo' },
    { operationId: 'listSubscriptions', query: 'page[offset]=x&page[limit]=100000' },
    { operationId: 'getNodeProducts', query: 'page[limit]=x&include=files' },
  ];
  it.each(queries)(
    'find what ajv finds in the parameters $query of $operationId',
    ({ operationId, query }) => {
      const input = {
        path: { catalog_id: 'x', release_id: 'y', node_id: 'z' },
        query: new URLSearchParams(query),
        headers: {},
      };
      const found = built.operation(operationId)?.parameters(input);
      expect(found?.length).toBeGreaterThan(0);
      expect(found).toEqual(compiled.operation(operationId)?.parameters(input));
    },
  );

  it.each([
    { name: 'the contract', document: loadSpec() },
    { name: 'the control plane', document: loadAdminSpec() },
  ])(
    "give the errors of ajv's own compile, on the document's own schema objects, for $name",
    ({ document }) => {
      const { refs, precompiled } = document === loadSpec() ? spec : generated(document);
      const ajv = createAjv(document);
      expect(refs.length).toBeGreaterThan(3);
      for (const ref of refs)
        for (const value of [{}, [], null, 'x', -1, { data: { type: 1, id: [] } }]) {
          const ours = precompiled(ref);
          const theirs = ajv.getSchema(ref);
          expect(ours?.(value), `${ref} ${JSON.stringify(value)}`).toBe(theirs?.(value));
          expect(ours?.errors ?? null).toEqual(theirs?.errors ?? null);
          (ours?.errors ?? []).forEach((error, index) =>
            expect(error.parentSchema).toBe(theirs?.errors?.[index]?.parentSchema),
          );
        }
    },
  );
});
