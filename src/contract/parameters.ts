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

/** Query values are strings on the wire: numbers and booleans are coerced by the schema's declared type. */
function coerce(raw: string, schema: unknown): unknown {
  const types = isObject(schema) ? [schema.type].flat() : [];
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(raw)) {
    return Number(raw);
  }
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
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

/** The raw strings of a parameter: a deepObject's members by key, else every value given; undefined when absent. */
function readParameter(input: ParameterInput, { in: location, name, style }: OpenAPIV3_1.ParameterObject) {
  const value =
    location === 'path'
      ? input.path[name]
      : location === 'header'
        ? input.headers[name.toLowerCase()]
        : undefined;
  if (location === 'path' || location === 'header') return value === undefined ? undefined : [value].flat();
  if (style !== 'deepObject') {
    const values = input.query.getAll(name);
    return values.length === 0 ? undefined : values;
  }
  const members: Record<string, string> = {};
  for (const [key, value] of input.query) {
    const member =
      key.startsWith(`${name}[`) && key.endsWith(']') ? key.slice(name.length + 1, -1) : undefined;
    if (member !== undefined && !(member in members)) members[member] = value;
  }
  return Object.keys(members).length === 0 ? undefined : members;
}

/**
 * Validates an operation's declared path, query and header parameters, and refuses query parameters it does
 * not declare (JSON:API: a server answers 400 to a query parameter it does not know), naming the known ones.
 */
export function parameterValidator(
  document: OpenAPIV3_1.Document,
  op: SpecOperation,
  declared: readonly DeclaredParameter[],
  compile: (segments: readonly string[]) => CompiledSchema,
) {
  const checks = declared.map(({ parameter, at }) => {
    const validate = compile([...at, 'schema']);
    const schema = resolveRef(document, parameter.schema).value;
    const node = isObject(schema) ? schema : {};
    const location = parameter.in as Violation['in'];
    const { name } = parameter;
    const itemSchema = (key?: string) =>
      resolveRef(
        document,
        key === undefined ? node.items : isObject(node.properties) ? node.properties[key] : undefined,
      ).value;
    return (input: ParameterInput): Violation[] => {
      const raw = readParameter(input, parameter);
      if (raw === undefined)
        return parameter.required === true
          ? [{ in: location, at: name, keyword: 'required', detail: `${name} is required` }]
          : [];
      let value: unknown;
      if (!Array.isArray(raw))
        value = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, coerce(v, itemSchema(k))]));
      else if (node.type === 'array') value = raw.map((v) => coerce(v, itemSchema()));
      else if (raw.length > 1 && location === 'query')
        return [
          {
            in: location,
            at: name,
            keyword: 'maxItems',
            detail: `${name} is given ${raw.length} times; give it once`,
          },
        ];
      else value = coerce(raw[0] ?? '', schema);
      if (validate(value)) return [];
      // `page` + `/limit` -> `page[limit]` for deepObject parameters.
      return condenseErrors(document, validate.errors ?? []).map((error) =>
        describeAjvError(error, location, name + error.instancePath.replace(/\/([^/]*)/g, '[$1]')),
      );
    };
  });
  const unknown = unknownQueryParameters(declared, op.operationId);
  return (input: ParameterInput): Violation[] => [
    ...unknown(input.query),
    ...checks.flatMap((check) => check(input)),
  ];
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
  const known = declared
    .filter(({ parameter }) => parameter.in === 'query')
    .map(({ parameter: p }) => (p.style === 'deepObject' ? `${p.name}[...]` : p.name));
  const isKnown = queryNameTest(declared);
  const list = known.length > 0 ? `the known ones are ${known.join(', ')}` : 'it takes no query parameters';
  return (search: URLSearchParams): Violation[] => {
    const seen = new Set<string>();
    const violations: Violation[] = [];
    for (const name of search.keys()) {
      if (isKnown(name) || seen.has(name)) continue;
      seen.add(name);
      const shown = name.length > 60 ? `${name.slice(0, 60)}...` : name;
      const detail = `${shown} is not a query parameter of ${operationId}; ${list}`;
      violations.push({ in: 'query', at: shown, keyword: 'unknownParameter', detail });
    }
    return violations;
  };
}
