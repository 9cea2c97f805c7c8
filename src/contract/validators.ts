import type { ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import { boundViolations, boundsOf, unknownFieldViolations, type BodyBounds } from './body-shape.js';
import { createAjv, SPEC_ID } from './create-ajv.js';
import { fragmentOf, isJsonMediaType, isJsonObject as isObject, resolveRef } from './json-pointer.js';
import {
  declaredParameters,
  parameterValidator,
  queryNameTest,
  type CompiledSchema,
  type ParameterInput,
} from './parameters.js';
import type { Precompiled } from './precompiled-validators.js';
import { isPackaged, loadSpec, packagedValidators } from './spec-document.js';
import { listOperations, type SpecOperation } from './spec-operations.js';
import { condenseErrors, describeAjvError, Findings, type Validate, type Violation } from './violation.js';

export type { Precompiled, SpecOperation, Violation };
export { Findings };
export interface OperationValidators {
  /** Undefined when the operation takes no JSON body. */
  body?: (value: unknown) => Findings;
  bodyRequired: boolean;
  parameters: (input: ParameterInput) => Violation[];
  /** Lower-case names of the header parameters `parameters` reads: a request's validity depends on these. */
  headerNames: readonly string[];
  /** Whether the operation declares this query parameter (unknown ones are ignored unless strict). */
  knowsQuery: (name: string) => boolean;
}

export interface SpecValidators {
  readonly document: OpenAPIV3_1.Document;
  readonly operations: readonly SpecOperation[];
  /** The bounds of every request body (body-shape.ts), for checks on the text before parsing. */
  readonly bounds: BodyBounds;
  operation(operationId: string): OperationValidators | undefined;
  /**
   * Compiles now what a lazy document would compile on first use: the create's body schema took 100 ms, a
   * first create's wait, and a request's behind it (bench flood-bodies). Answers how many it compiled.
   */
  compileDeferred(): number;
  /** Validates a response body of `operationId` with `status`; an undocumented status is itself a violation. */
  response(operationId: string, status: number): Validate;
  /** Validates against `#/components/schemas/{name}`. */
  schema(name: string): Validate;
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

export interface ValidatorsOptions {
  /** Compile each schema on its first use instead of the request schemas now. */
  lazy?: boolean;
  precompiled?: Precompiled;
}

/**
 * Builds the validators of one document: request validators now (or, `lazy`, each schema on its first use),
 * response validators on first use; a schema `precompiled` gives is taken as it is.
 */
export function createValidators(
  document: OpenAPIV3_1.Document,
  { lazy = false, precompiled = () => undefined }: ValidatorsOptions = {},
): SpecValidators {
  // Made with the first compile: adding the document walks all of it, and a start that never validates against
  // a document (the control plane's, in most test workers) never pays for it.
  let ajv: Ajv2020 | undefined;
  const compiled = new Map<string, ValidateFunction>();
  const compileNow = (segments: readonly string[]): ValidateFunction => {
    const ref = SPEC_ID + fragmentOf(segments);
    let validate = compiled.get(ref);
    if (validate === undefined) {
      validate = precompiled(ref) ?? (ajv ??= createAjv(document)).getSchema(ref);
      if (validate === undefined) throw new Error(`no schema at ${ref}`);
      compiled.set(ref, validate);
    }
    return validate;
  };
  /** What a lazy document has left to compile on first use. */
  const deferred: (readonly string[])[] = [];
  const compile = (segments: readonly string[]): CompiledSchema => {
    if (!lazy) return compileNow(segments);
    deferred.push(segments);
    return lazySchema(() => compileNow(segments));
  };
  const bounds = boundsOf(document);
  /** A request body: its bounds first (past them ajv is not run, so its work stays bounded), then the schema. */
  const requestValidator = (segments: string[], schema: unknown) => {
    const validate = compile(segments);
    return (value: unknown): Findings => {
      const findings = new Findings();
      boundViolations(value, bounds, findings);
      if (findings.found > 0) return findings;
      if (!validate(value))
        for (const error of condenseErrors(document, validate.errors ?? []))
          findings.add(() => describeAjvError(error, 'body', error.instancePath));
      unknownFieldViolations(document, schema, value, findings);
      return findings;
    };
  };
  const responseValidator = (segments: string[]): Validate => {
    const validate = compile(segments);
    return (value) =>
      validate(value)
        ? []
        : condenseErrors(document, validate.errors ?? []).map((error) =>
            describeAjvError(error, 'body', error.instancePath),
          );
  };

  const operations = listOperations(document);
  const byId = new Map<string, OperationValidators>();
  for (const op of operations) {
    const base = ['paths', op.path, op.method.toLowerCase()];
    const requestBody = resolveRef(document, op.operation.requestBody, [...base, 'requestBody']);
    const content = isObject(requestBody.value) ? requestBody.value.content : undefined;
    const mediaType = isObject(content) ? Object.keys(content).find(isJsonMediaType) : undefined;
    const validators: OperationValidators = {
      bodyRequired: isObject(requestBody.value) && requestBody.value.required === true,
      parameters: parameterValidator(document, op, compile),
      headerNames: declaredParameters(document, op)
        .filter(({ parameter }) => parameter.in === 'header')
        .map(({ parameter }) => parameter.name.toLowerCase()),
      knowsQuery: queryNameTest(declaredParameters(document, op)),
    };
    if (mediaType !== undefined && isObject(content) && isObject(content[mediaType])) {
      const schemaAt = [...requestBody.at, 'content', mediaType, 'schema'];
      validators.body = requestValidator(schemaAt, content[mediaType].schema);
    }
    byId.set(op.operationId, validators);
  }

  return {
    document,
    operations,
    bounds,
    operation: (operationId) => byId.get(operationId),
    compileDeferred() {
      const now = deferred.splice(0);
      for (const segments of now) compileNow(segments);
      return now.length;
    },
    response(operationId, status) {
      const op = operations.find((o) => o.operationId === operationId);
      if (op === undefined) throw new Error(`unknown operationId ${operationId}`);
      const responses = op.operation.responses ?? {};
      const key = [String(status), `${String(status).charAt(0)}XX`, 'default'].find((k) => k in responses);
      if (key === undefined) {
        const detail = `status ${status} is not documented for ${operationId} (documented: ${Object.keys(responses).join(', ')})`;
        return () => [{ in: 'body', at: '', keyword: 'status', detail }];
      }
      const response = resolveRef(document, responses[key], [
        'paths',
        op.path,
        op.method.toLowerCase(),
        'responses',
        key,
      ]);
      const content = isObject(response.value) ? response.value.content : undefined;
      const mediaType = isObject(content) ? Object.keys(content).find(isJsonMediaType) : undefined;
      if (mediaType === undefined) return () => [];
      return responseValidator([...response.at, 'content', mediaType, 'schema']);
    },
    schema: (name) => responseValidator(['components', 'schemas', name]),
  };
}

const byDocument = new WeakMap<object, SpecValidators>();

/**
 * The validators of `document` (default: the packaged spec), made once per document. The packaged documents,
 * whose every schema the tests compile, take the functions the build wrote, or compile each schema on first
 * use; another document compiles its request schemas now, so a schema ajv refuses stops the start instead of
 * failing a request.
 */
export function specValidators(document: OpenAPIV3_1.Document = loadSpec()): SpecValidators {
  let validators = byDocument.get(document);
  if (validators === undefined) {
    validators = createValidators(document, {
      lazy: isPackaged(document),
      precompiled: packagedValidators(document),
    });
    byDocument.set(document, validators);
  }
  return validators;
}
