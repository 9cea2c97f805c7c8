import type { IncomingHttpHeaders } from 'node:http';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject as AjvError, ValidateFunction } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadSpec } from './load.js';
import { condenseErrors, describeAjvError, unknownFieldViolations } from './violation-words.js';

/** One broken rule: where (body pointer or parameter/header name), which schema keyword, and words to act on. */
export interface Violation {
  in: 'body' | 'query' | 'path' | 'header';
  /** JSON Pointer into the body (`/data/email`), or the parameter / header name (`page[limit]`). */
  at: string;
  keyword: string;
  detail: string;
}

/** Validates one value; an empty array means valid. */
export type Validate = (value: unknown) => Violation[];

export interface ParameterInput {
  path: Readonly<Record<string, string>>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/** An operation of the document, located by path template and method. */
export interface SpecOperation {
  /** The operationId, or `METHOD path` when the spec gives none. */
  operationId: string;
  /** Upper case, e.g. `GET`. */
  method: string;
  path: string;
  operation: OpenAPIV3_1.OperationObject;
}

export interface OperationValidators {
  /** Undefined when the operation takes no JSON body. */
  body?: Validate;
  bodyRequired: boolean;
  parameters: (input: ParameterInput) => Violation[];
  /** Lower-case names of the header parameters `parameters` reads: a request's validity depends on these. */
  headerNames: readonly string[];
}

export interface SpecValidators {
  readonly document: OpenAPIV3_1.Document;
  readonly operations: readonly SpecOperation[];
  operation(operationId: string): OperationValidators | undefined;
  /** Validates a response body of `operationId` with `status`; an undocumented status is itself a violation. */
  response(operationId: string, status: number): Validate;
  /** Validates against `#/components/schemas/{name}`. */
  schema(name: string): Validate;
}

const SPEC_ID = 'openapi.json';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** Keywords OpenAPI adds to JSON Schema (and the document's own top level): known, never validated. */
const OPENAPI_KEYWORDS = [
  'openapi',
  'info',
  'servers',
  'paths',
  'components',
  'security',
  'tags',
  'webhooks',
  'jsonSchemaDialect',
  'externalDocs',
  'discriminator',
  'example',
  'xml',
];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `#/a~1b/c` style pointer for ajv, segments escaped as JSON Pointer and URI fragment. */
export function fragmentOf(segments: readonly string[]): string {
  return (
    '#' + segments.map((s) => '/' + encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('')
  );
}

function walkPointer(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.replace(/^#\/?/, '').split('/')) {
    if (raw === '') continue;
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) || Array.isArray(node) ? (node as Json)[key] : undefined;
  }
  return node;
}

/** Follows local `$ref`s; returns the target and its location as path segments. */
export function resolveRef(
  document: unknown,
  value: unknown,
  at: readonly string[] = [],
): { value: unknown; at: string[] } {
  let current = value;
  let location = [...at];
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 32; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) break;
    location = ref
      .slice(2)
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
    current = walkPointer(document, ref);
  }
  return { value: current, at: location };
}

/** Every operation of the document, in document order. */
export function listOperations(document: OpenAPIV3_1.Document): SpecOperation[] {
  const operations: SpecOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const pathItem = resolveRef(document, item).value as OpenAPIV3_1.PathItemObject | undefined;
    for (const method of METHODS) {
      const operation = pathItem?.[method];
      if (operation === undefined) continue;
      const upper = method.toUpperCase();
      operations.push({
        operationId: operation.operationId ?? `${upper} ${path}`,
        method: upper,
        path,
        operation,
      });
    }
  }
  return operations;
}

/** JSON media types: application/json and any +json. */
export function isJsonMediaType(mediaType: string): boolean {
  return /^application\/(?:[\w.-]+\+)?json$/i.test(mediaType.split(';')[0]?.trim() ?? '');
}

function createAjv(document: OpenAPIV3_1.Document): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    strictTypes: false,
    allowUnionTypes: true,
  });
  // ajv-formats is CommonJS with a default export; NodeNext sees the namespace.
  const addFormats = ((ajvFormats as unknown as { default?: unknown }).default ?? ajvFormats) as (
    a: Ajv2020,
  ) => void;
  addFormats(ajv);
  const extensions = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (isObject(node))
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('x-')) extensions.add(key);
        collect(value);
      }
  };
  collect(document.components ?? {});
  collect(document.paths ?? {});
  for (const keyword of [...OPENAPI_KEYWORDS, ...extensions]) ajv.addKeyword(keyword);
  ajv.addSchema(document, SPEC_ID);
  return ajv;
}

/** Builds the validators of one document: request validators now, response validators on first use. */
export function createValidators(document: OpenAPIV3_1.Document): SpecValidators {
  const ajv = createAjv(document);
  const compiled = new Map<string, ValidateFunction>();
  const compile = (segments: readonly string[]): ValidateFunction => {
    const ref = SPEC_ID + fragmentOf(segments);
    let validate = compiled.get(ref);
    if (validate === undefined) {
      validate = ajv.getSchema(ref);
      if (validate === undefined) throw new Error(`no schema at ${ref}`);
      compiled.set(ref, validate);
    }
    return validate;
  };
  const bodyValidator = (segments: string[], schema: unknown, closed: boolean): Validate => {
    const validate = compile(segments);
    return (value) => {
      if (validate(value)) return closed ? unknownFieldViolations(document, schema, value) : [];
      const violations = condenseErrors(document, validate.errors ?? []).map((error): Violation =>
        describeAjvError(error, 'body', error.instancePath),
      );
      return closed ? [...violations, ...unknownFieldViolations(document, schema, value)] : violations;
    };
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
    };
    if (mediaType !== undefined && isObject(content) && isObject(content[mediaType])) {
      const schemaAt = [...requestBody.at, 'content', mediaType, 'schema'];
      validators.body = bodyValidator(schemaAt, content[mediaType].schema, true);
    }
    byId.set(op.operationId, validators);
  }

  return {
    document,
    operations,
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
      return bodyValidator([...response.at, 'content', mediaType, 'schema'], undefined, false);
    },
    schema: (name) => bodyValidator(['components', 'schemas', name], undefined, false),
  };
}

type Compile = (segments: readonly string[]) => ValidateFunction;

/** Query values are strings on the wire: numbers and booleans are coerced by the schema's declared type. */
function coerce(raw: string, schema: unknown): unknown {
  const types = isObject(schema) ? [schema.type].flat() : [];
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(raw)) {
    return Number(raw);
  }
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** The typed value of a parameter from its raw strings: deepObject members and array items coerced one by one. */
function parameterValue(
  document: unknown,
  raw: Exclude<RawParameter, { kind: 'absent' }>,
  schema: unknown,
): unknown {
  const node = isObject(schema) ? schema : {};
  if (raw.kind === 'object') {
    const properties = isObject(node.properties) ? node.properties : {};
    const members = Object.entries(raw.values).map(([k, v]) => [
      k,
      coerce(v, resolveRef(document, properties[k]).value),
    ]);
    return Object.fromEntries(members);
  }
  if (node.type === 'array') return raw.values.map((v) => coerce(v, resolveRef(document, node.items).value));
  return coerce(raw.values[0] ?? '', schema);
}

interface DeclaredParameter {
  parameter: OpenAPIV3_1.ParameterObject;
  /** Where the parameter object lives in the document, for compiling its schema by pointer. */
  at: string[];
}

/** Path-item and operation parameters (the operation's win by name and location), $refs resolved. */
function declaredParameters(document: OpenAPIV3_1.Document, op: SpecOperation): DeclaredParameter[] {
  const declared = new Map<string, DeclaredParameter>();
  const lists = [
    { list: document.paths?.[op.path]?.parameters ?? [], at: ['paths', op.path, 'parameters'] },
    { list: op.operation.parameters ?? [], at: ['paths', op.path, op.method.toLowerCase(), 'parameters'] },
  ];
  for (const { list, at } of lists)
    list.forEach((entry, i) => {
      const resolved = resolveRef(document, entry, [...at, String(i)]);
      const parameter = resolved.value as OpenAPIV3_1.ParameterObject;
      if (isObject(parameter) && parameter.schema !== undefined && parameter.in !== 'cookie')
        declared.set(`${parameter.in}:${parameter.name}`, { parameter, at: resolved.at });
    });
  return [...declared.values()];
}

function parameterValidator(document: OpenAPIV3_1.Document, op: SpecOperation, compile: Compile) {
  const checks = declaredParameters(document, op).map(({ parameter, at }) => {
    const validate = compile([...at, 'schema']);
    const schema = resolveRef(document, parameter.schema).value;
    const location = parameter.in as Violation['in'];
    const { name } = parameter;
    const violation = (keyword: string, detail: string): Violation[] => [
      { in: location, at: name, keyword, detail },
    ];
    return (input: ParameterInput): Violation[] => {
      const raw = readParameter(input, location, name, parameter.style === 'deepObject');
      if (raw.kind === 'absent')
        return parameter.required === true ? violation('required', `${name} is required`) : [];
      if (raw.kind === 'repeated' && !(isObject(schema) && schema.type === 'array'))
        return violation('maxItems', `${name} is given ${raw.count} times; give it once`);
      if (validate(parameterValue(document, raw, schema))) return [];
      return condenseErrors(document, validate.errors ?? []).map((error) =>
        describeAjvError(error, location, parameterName(name, error.instancePath)),
      );
    };
  });
  return (input: ParameterInput): Violation[] => checks.flatMap((check) => check(input));
}

/** `page` + `/limit` -> `page[limit]` for deepObject parameters; the plain name otherwise. */
function parameterName(name: string, instancePath: string): string {
  return instancePath === ''
    ? name
    : name +
        instancePath
          .split('/')
          .slice(1)
          .map((s) => `[${s}]`)
          .join('');
}

type RawParameter =
  | { kind: 'absent' }
  | { kind: 'values'; values: string[] }
  | { kind: 'repeated'; values: string[]; count: number }
  | { kind: 'object'; values: Record<string, string> };

function readParameter(
  input: ParameterInput,
  location: Violation['in'],
  name: string,
  deep: boolean,
): RawParameter {
  if (location === 'path') {
    const value = input.path[name];
    return value === undefined ? { kind: 'absent' } : { kind: 'values', values: [value] };
  }
  if (location === 'header') {
    const value = input.headers[name.toLowerCase()];
    return value === undefined ? { kind: 'absent' } : { kind: 'values', values: [value].flat() };
  }
  if (deep) {
    const values: Record<string, string> = {};
    for (const [key, value] of input.query) {
      const match =
        key.startsWith(`${name}[`) && key.endsWith(']') ? key.slice(name.length + 1, -1) : undefined;
      if (match !== undefined && !(match in values)) values[match] = value;
    }
    return Object.keys(values).length === 0 ? { kind: 'absent' } : { kind: 'object', values };
  }
  const values = input.query.getAll(name);
  if (values.length === 0) return { kind: 'absent' };
  return values.length === 1
    ? { kind: 'values', values }
    : { kind: 'repeated', values, count: values.length };
}

const byDocument = new WeakMap<object, SpecValidators>();

/** The validators of `document` (default: the packaged spec), compiled once per document. */
export function specValidators(document: OpenAPIV3_1.Document = loadSpec()): SpecValidators {
  let validators = byDocument.get(document);
  if (validators === undefined) {
    validators = createValidators(document);
    byDocument.set(document, validators);
  }
  return validators;
}

export type { AjvError };
