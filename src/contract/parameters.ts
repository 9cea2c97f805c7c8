import type { IncomingHttpHeaders } from 'node:http';
import type { OpenAPIV3_1 } from 'openapi-types';
import { isJsonObject as isObject, resolveRef } from './json-pointer.js';
import type { ErrorObject } from 'ajv';
import type { SpecOperation } from './spec-operations.js';
import { condenseErrors, describeAjvError, type Violation } from './violation.js';

export interface ParameterInput {
  path: Readonly<Record<string, string>>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/** What the validators call: a compiled schema, and the errors of its last call. */
export interface CompiledSchema {
  (value: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export type Compile = (segments: readonly string[]) => CompiledSchema;

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

export interface DeclaredParameter {
  parameter: OpenAPIV3_1.ParameterObject;
  /** Where the parameter object lives in the document, for compiling its schema by pointer. */
  at: string[];
}

/** Path-item and operation parameters (the operation's win by name and location), $refs resolved. */
export function declaredParameters(document: OpenAPIV3_1.Document, op: SpecOperation): DeclaredParameter[] {
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

/**
 * Validates an operation's declared path, query and header parameters, and refuses query parameters it does
 * not declare (JSON:API: a server answers 400 to a query parameter it does not know), naming the known ones.
 */
export function parameterValidator(document: OpenAPIV3_1.Document, op: SpecOperation, compile: Compile) {
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
  const unknown = unknownQueryParameters(declaredParameters(document, op), op.operationId);
  return (input: ParameterInput): Violation[] => {
    const violations = unknown(input.query);
    for (const check of checks) {
      const found = check(input);
      for (const violation of found) violations.push(violation);
    }
    return violations;
  };
}

/** Whether a query name is one the operation declares (`page[limit]` for the deepObject `page`). */
export function queryNameTest(declared: readonly DeclaredParameter[]): (name: string) => boolean {
  const query = declared
    .filter(({ parameter }) => parameter.in === 'query')
    .map(({ parameter }) => parameter);
  const exact = new Set(query.filter((p) => p.style !== 'deepObject').map((p) => p.name));
  const deep = query.filter((p) => p.style === 'deepObject').map((p) => `${p.name}[`);
  return (name) => exact.has(name) || deep.some((prefix) => name.startsWith(prefix) && name.endsWith(']'));
}

/** One violation per distinct query name the operation does not declare (`page[size]`, `limit`, `filter[email]`). */
function unknownQueryParameters(declared: readonly DeclaredParameter[], operationId: string) {
  const query = declared
    .filter(({ parameter }) => parameter.in === 'query')
    .map(({ parameter }) => parameter);
  const known = query.map((p) => (p.style === 'deepObject' ? `${p.name}[...]` : p.name));
  const isKnown = queryNameTest(declared);
  const list = known.length > 0 ? `the known ones are ${known.join(', ')}` : 'it takes no query parameters';
  return (search: URLSearchParams): Violation[] => {
    const violations: Violation[] = [];
    let seen: Set<string> | undefined;
    for (const name of search.keys()) {
      if (isKnown(name) || seen?.has(name) === true) continue;
      (seen ??= new Set()).add(name);
      const shown = name.length > 60 ? `${name.slice(0, 60)}...` : name;
      const detail = `${shown} is not a query parameter of ${operationId}; ${list}`;
      violations.push({ in: 'query', at: shown, keyword: 'unknownParameter', detail });
    }
    return violations;
  };
}

/** `page` + `/limit` -> `page[limit]` for deepObject parameters; the plain name otherwise. */
function parameterName(name: string, instancePath: string): string {
  return name + instancePath.replace(/\/([^/]*)/g, '[$1]');
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
