import type { ErrorObject, ValidateFunction } from 'ajv';

/** What the validators call: a compiled schema, and the errors of its last call. */
export interface CompiledSchema {
  (value: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * A schema compiled on its first call instead of now: a start-up compiles only what its first requests use.
 * @example const validate = lazySchema(() => ajv.getSchema(ref)!); validate(value); validate.errors;
 */
export function lazySchema(compile: () => ValidateFunction): CompiledSchema {
  let compiled: ValidateFunction | undefined;
  const validate: CompiledSchema = (value) => {
    compiled ??= compile();
    const valid = compiled(value);
    validate.errors = compiled.errors;
    return valid;
  };
  return validate;
}
