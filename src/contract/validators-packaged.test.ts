import { describe, expect, it } from 'vitest';
import { loadAdminSpec, loadSpec } from './spec-document.js';
import { createValidators } from './validators.js';

describe('createValidators', () => {
  it('compiles the packaged documents whole, so no schema of theirs can fail a request', () => {
    for (const document of [loadSpec(), loadAdminSpec()]) {
      const validators = createValidators(document);
      for (const op of validators.operations) expect(validators.operation(op.operationId)).toBeDefined();
      for (const name of Object.keys(document.components?.schemas ?? {}))
        expect(() => validators.schema(name)).not.toThrow();
    }
  });
});
