import type { ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import { boundViolations, boundsOf, unknownFieldViolations, type BodyBounds } from './body-shape.js';
import { createAjv, SPEC_ID } from './create-ajv.js';
import { fragmentOf, isJsonMediaType, isJsonObject as isObject, resolveRef } from './json-pointer.js';
import { declaredParameters, parameterValidator, queryNameTest, type ParameterInput } from './parameters.js';
import { loadSpec, packagedValidators, type Precompiled } from './spec-document.js';
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
  /** Validates a response body of `operationId` with `status`; an undocumented status is itself a violation. */
  response(operationId: string, status: number): Validate;
  /** Validates against `#/components/schemas/{name}`. */
  schema(name: string): Validate;
}

/**
 * The validators of one document: request validators now, response validators on first use; a schema
 * `precompiled` gives is taken as it is, and ajv is made only for one it does not give.
 */
export function createValidators(
  document: OpenAPIV3_1.Document,
  precompiled: Precompiled = () => undefined,
): SpecValidators {
  let ajv: Ajv2020 | undefined;
  const compiled = new Map<string, ValidateFunction>();
  const compile = (segments: readonly string[]): ValidateFunction => {
    const ref = SPEC_ID + fragmentOf(segments);
    let validate = compiled.get(ref);
    if (validate === undefined) {
      validate = precompiled(ref) ?? (ajv ??= createAjv(document)).getSchema(ref);
      if (validate === undefined) throw new Error(`no schema at ${ref}`);
      compiled.set(ref, validate);
    }
    return validate;
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
    const declared = declaredParameters(document, op);
    const validators: OperationValidators = {
      bodyRequired: isObject(requestBody.value) && requestBody.value.required === true,
      parameters: parameterValidator(document, op, declared, compile),
      headerNames: declared
        .filter((d) => d.parameter.in === 'header')
        .map((d) => d.parameter.name.toLowerCase()),
      knowsQuery: queryNameTest(declared),
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
 * The validators of `document` (default: the packaged spec), made once per document: a packaged one takes the
 * functions the build wrote; a schema ajv refuses stops the start instead of failing a request.
 */
export function specValidators(document: OpenAPIV3_1.Document = loadSpec()): SpecValidators {
  let validators = byDocument.get(document);
  if (validators === undefined)
    byDocument.set(document, (validators = createValidators(document, packagedValidators(document))));
  return validators;
}
