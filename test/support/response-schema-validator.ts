import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import { parse } from 'yaml';

// A second opinion on response shapes: compiled here from spec/openapi.yaml, sharing no code with the
// mock's own validators (src/contract/validators.ts), so a bug in one is not hidden by the same bug in the other.

type Json = Record<string, unknown>;

/** One broken rule of a response body, as ajv reports it. */
export interface SchemaViolation {
  instancePath: string;
  keyword: string;
  message: string;
}

export interface ResponseSchemaValidator {
  /** Validates a response body of `operationId` with `status`; an undocumented status is itself a violation. */
  validate(operationId: string, status: number, body: unknown): SchemaViolation[];
  /** Validates against `#/components/schemas/{name}`. */
  validateSchema(name: string, body: unknown): SchemaViolation[];
  /** The documented status keys of an operation, e.g. `['201', '400', '413', '415']`. */
  statuses(operationId: string): string[];
}

const SPEC_URL = new URL('../../spec/openapi.yaml', import.meta.url);
const ROOT = 'spec.json';
// Keywords OpenAPI 3.1 adds on top of JSON Schema 2020-12, and the document's own top level.
const OPENAPI_KEYWORDS = ['discriminator', 'example', 'xml', 'externalDocs'];
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const pointer = (segments: readonly string[]) =>
  '#' + segments.map((s) => '/' + encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('');

function at(document: Json, segments: readonly string[]): unknown {
  return segments.reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), document);
}

/** `#/components/responses/BadRequest` -> its segments. */
function refSegments(ref: string): string[] {
  return ref
    .slice(2)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Every `x-` key anywhere in the document: vendor extensions are annotations, not constraints. */
function extensionKeywords(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => extensionKeywords(item, found));
  else if (isObject(node))
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeywords(value, found);
    }
  return found;
}

/** Compiles the spec's response schemas with Ajv2020 (strict) and ajv-formats (full `uri`, `email`, ...). */
export function responseSchemaValidator(): ResponseSchemaValidator {
  const document = parse(readFileSync(SPEC_URL, 'utf8')) as Json;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, allowUnionTypes: true });
  const addFormats = ((ajvFormats as unknown as { default?: unknown }).default ?? ajvFormats) as (
    instance: Ajv2020,
  ) => void;
  addFormats(ajv);
  const topLevel = Object.keys(document);
  for (const keyword of new Set([...topLevel, ...OPENAPI_KEYWORDS, ...extensionKeywords(document)]))
    ajv.addKeyword(keyword);
  ajv.addSchema(document, ROOT);

  const operations = new Map<string, { path: string; method: string; responses: Json }>();
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {}))
    for (const method of METHODS) {
      const operation = isObject(item) ? item[method] : undefined;
      if (isObject(operation) && typeof operation.operationId === 'string')
        operations.set(operation.operationId, {
          path,
          method,
          responses: isObject(operation.responses) ? operation.responses : {},
        });
    }

  const compiled = new Map<string, ValidateFunction>();
  const compile = (segments: readonly string[]): ValidateFunction => {
    const ref = ROOT + pointer(segments);
    let validate = compiled.get(ref);
    if (validate === undefined) {
      validate = ajv.getSchema(ref);
      if (validate === undefined) throw new Error(`no schema at ${ref}`);
      compiled.set(ref, validate);
    }
    return validate;
  };
  const run = (validate: ValidateFunction, body: unknown): SchemaViolation[] =>
    validate(body)
      ? []
      : (validate.errors ?? []).map((e) => ({
          instancePath: e.instancePath,
          keyword: e.keyword,
          message: e.message ?? e.keyword,
        }));

  /** The JSON schema location of a documented response, following a `$ref` to components/responses. */
  const schemaSegments = (operationId: string, status: number): string[] | undefined => {
    const operation = operations.get(operationId);
    if (operation === undefined) throw new Error(`unknown operationId ${operationId}`);
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in operation.responses);
    if (key === undefined) return undefined;
    let segments = ['paths', operation.path, operation.method, 'responses', key];
    const response = at(document, segments);
    if (isObject(response) && typeof response.$ref === 'string') segments = refSegments(response.$ref);
    return [...segments, 'content', 'application/json', 'schema'];
  };

  return {
    validate(operationId, status, body) {
      const segments = schemaSegments(operationId, status);
      if (segments === undefined) {
        const documented = Object.keys(operations.get(operationId)?.responses ?? {}).join(', ');
        const message = `status ${status} is not documented for ${operationId} (documented: ${documented})`;
        return [{ instancePath: '', keyword: 'status', message }];
      }
      return run(compile(segments), body);
    },
    validateSchema: (name, body) => run(compile(['components', 'schemas', name]), body),
    statuses: (operationId) => Object.keys(operations.get(operationId)?.responses ?? {}),
  };
}
