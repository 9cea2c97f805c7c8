import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { loadAdminSpec, loadSpec } from './spec-document.js';
import { createValidators, lazySchema } from './validators.js';

const cases = [
  { name: 'a valid value passes and leaves no errors', value: 3, valid: true, errors: 0 },
  { name: 'an invalid value fails with the errors of that call', value: 'three', valid: false, errors: 1 },
];

describe('lazySchema', () => {
  it('compiles on the first call, not before, and once', () => {
    let compiles = 0;
    const validate = lazySchema(() => {
      compiles += 1;
      return new Ajv2020().compile({ type: 'integer' });
    });
    expect(compiles).toBe(0);
    validate(1);
    validate('one');
    expect(compiles).toBe(1);
  });

  it.each(cases)('$name', ({ value, valid, errors }) => {
    const validate = lazySchema(() => new Ajv2020({ allErrors: true }).compile({ type: 'integer' }));
    validate('a failing call first');
    expect(validate(value)).toBe(valid);
    expect(validate.errors?.length ?? 0).toBe(errors);
  });

  it('the packaged documents compile whole, so compiling their schemas on first use cannot fail a request', () => {
    for (const document of [loadSpec(), loadAdminSpec()]) {
      const validators = createValidators(document);
      for (const op of validators.operations) expect(validators.operation(op.operationId)).toBeDefined();
      for (const name of Object.keys(document.components?.schemas ?? {}))
        expect(() => validators.schema(name)).not.toThrow();
    }
  });

  it('compiles what a lazy document deferred when asked, once, and nothing for a document compiled at once', () => {
    const lazy = createValidators(loadSpec(), { lazy: true });
    expect(lazy.compileDeferred()).toBeGreaterThan(0);
    expect(lazy.compileDeferred()).toBe(0);
    const create = lazy.operation('createSubscription')?.body;
    expect(create?.({ data: {} }).found).toBeGreaterThan(0);
    expect(createValidators(loadSpec()).compileDeferred()).toBe(0);
  });
});
