import type { Client, Exchange } from './client.js';
import { parseFilter } from './oracles/filter-grammar.js';
import { GRAMMAR } from './oracles/generated-case.js';
import type { Coverage } from './reporters/reporter.js';
import type { SpecValidator } from './schema.js';
import { resolveLocal, type SpecDocument } from './spec.js';

/** The filter terms the contract gives each list (interface.md), e.g. `eq(sku)`. */
const FILTER_TERMS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(GRAMMAR).map(([operation, ops]) => [
    operation,
    Object.entries(ops).flatMap(([op, attributes]) => attributes.map((attribute) => `${op}(${attribute})`)),
  ]),
);

/** Response fields deeper than this are not listed: enough for records' attributes and meta. */
const FIELD_DEPTH = 6;

/** The contract's side of coverage: every operation, parameter, filter term, status and response field. */
export function contractItems(
  doc: SpecDocument,
  validator: Pick<SpecValidator, 'operation'>,
): Record<string, Set<string>> {
  const items: Record<string, Set<string>> = {
    operations: new Set(),
    parameters: new Set(),
    'filter terms': new Set(),
    'status codes': new Set(),
    'response fields': new Set(),
  };
  for (const [path, pathItem] of Object.entries(doc.paths ?? {})) {
    for (const [method, raw] of Object.entries(pathItem)) {
      const op = raw as { operationId?: string; parameters?: unknown[]; responses?: Record<string, unknown> };
      if (typeof op.operationId !== 'string' || validator.operation(op.operationId) === undefined) continue;
      const id = op.operationId;
      items.operations?.add(id);
      for (const parameter of op.parameters ?? []) {
        const ref = (parameter as { $ref?: string }).$ref;
        const resolved = (ref === undefined ? parameter : resolveLocal(doc, ref.slice(1)).value) as {
          name?: string;
          in?: string;
        };
        if (resolved.in === 'query' && typeof resolved.name === 'string')
          items.parameters?.add(`${id} ${resolved.name}`);
      }
      for (const term of FILTER_TERMS[id] ?? []) items['filter terms']?.add(`${id} ${term}`);
      for (const status of Object.keys(op.responses ?? {})) {
        items['status codes']?.add(`${id} ${status}`);
        if (!/^2/.test(status)) continue;
        const pointer = `/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/${method}/responses/${status}`;
        const content = resolveLocal(doc, pointer).value as
          { content?: Record<string, { schema?: unknown }> } | undefined;
        const schema = Object.values(content?.content ?? {})[0]?.schema;
        for (const field of schemaFields(doc, schema, '', 0)) items['response fields']?.add(`${id} ${field}`);
      }
    }
  }
  return items;
}

/** The property pointers a schema describes (arrays as `*`), through $ref, allOf, anyOf and oneOf. */
export function schemaFields(doc: SpecDocument, schema: unknown, at: string, depth: number): string[] {
  if (depth > FIELD_DEPTH || schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  if (typeof node.$ref === 'string')
    return schemaFields(doc, resolveLocal(doc, node.$ref.slice(1)).value, at, depth + 1);
  const fields: string[] = [];
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const part of (node[key] as unknown[] | undefined) ?? [])
      fields.push(...schemaFields(doc, part, at, depth + 1));
  }
  if (node.items !== undefined) fields.push(...schemaFields(doc, node.items, `${at}/*`, depth + 1));
  for (const [name, inner] of Object.entries(
    (node.properties as Record<string, unknown> | undefined) ?? {},
  )) {
    fields.push(`${at}/${name}`, ...schemaFields(doc, inner, `${at}/${name}`, depth + 1));
  }
  return [...new Set(fields)];
}

/** What one exchange reached: its operation, query parameters, filter terms, status and body fields. */
export function reachedBy(
  exchange: Pick<Exchange, 'operation' | 'request' | 'response'>,
  withFields = true,
): Record<string, string[]> {
  const id = exchange.operation;
  if (id === undefined) return {};
  let url: URL | undefined;
  try {
    url = new URL(exchange.request.url);
  } catch {
    url = undefined;
  }
  const parameters = [...new Set(url?.searchParams.keys() ?? [])].map((name) => `${id} ${name}`);
  const filter = url?.searchParams.get('filter');
  const terms = (filter === null || filter === undefined ? [] : (parseFilter(filter) ?? [])).map(
    (expression) => `${id} ${expression.op}(${expression.attribute})`,
  );
  const { status, body } = exchange.response;
  const statuses = [`${id} ${status}`, `${id} ${String(status)[0]}XX`];
  const fields =
    withFields && status >= 200 && status < 300
      ? bodyFields(body, '', 0).map((field) => `${id} ${field}`)
      : [];
  return {
    operations: [id],
    parameters,
    'filter terms': terms,
    'status codes': statuses,
    'response fields': fields,
  };
}

/** Records of an array looked at: fields of a page's records repeat, the first few show them. */
const SAMPLED_ITEMS = 3;

function bodyFields(value: unknown, at: string, depth: number): string[] {
  const into = new Set<string>();
  addBodyFields(value, at, depth, into);
  return [...into];
}

/** Adds the fields under `value` to `into`; the set is copied once, by bodyFields, not at every level. */
function addBodyFields(value: unknown, at: string, depth: number, into: Set<string>): void {
  if (depth > FIELD_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, SAMPLED_ITEMS)) addBodyFields(item, `${at}/*`, depth + 1, into);
    return;
  }
  for (const [key, inner] of Object.entries(value)) {
    into.add(`${at}/${key}`);
    addBodyFields(inner, `${at}/${key}`, depth + 1, into);
  }
}

/** Answers per kind of request whose bodies are walked for fields. */
const BODIES_WALKED = 4;

/** Listens to every exchange of the run and tells, at the end, what of the contract it reached and missed. */
export function watchCoverage(
  client: Pick<Client, 'listeners'>,
  validator: Pick<SpecValidator, 'operation'>,
  doc: SpecDocument,
): { report(): Coverage } {
  const reached: Record<string, Set<string>> = {};
  const walked = new Map<string, number>();
  client.listeners.push((exchange: Exchange) => {
    // Bodies of a kind of request (operation and parameter names) show its fields within a few answers.
    const kind = `${exchange.operation ?? ''} ${[...new Set(new URL(exchange.request.url).searchParams.keys())].sort().join('&')}`;
    const count = walked.get(kind) ?? 0;
    walked.set(kind, count + 1);
    for (const [name, items] of Object.entries(reachedBy(exchange, count < BODIES_WALKED))) {
      const set = (reached[name] ??= new Set());
      for (const item of items) set.add(item);
    }
  });
  return {
    report() {
      const contract = contractItems(doc, validator);
      return {
        dimensions: Object.entries(contract).map(([name, items]) => ({
          name,
          reached: [...items].filter((item) => reached[name]?.has(item) === true),
          missed: [...items].filter((item) => reached[name]?.has(item) !== true),
        })),
      };
    },
  };
}
