import type { Handler, ProxiedRequest, ProxiedResponse } from './fault-proxy.js';

/** A deliberately broken server: the mock behind a proxy that breaks one rule the way real servers do. */
export type Fault = {
  /** kebab-case, e.g. `subscription-without-plan-id`. */
  name: string;
  /** The bug in words, as a reviewer would describe it. */
  description: string;
  /** The kit's `--only` selection that must catch it (keeps each run short). */
  only: string;
  /** A fresh handler per run, so state such as forgotten ids starts empty. */
  handler: () => Handler;
  /** More kit arguments the run needs, e.g. `--concurrency 1` to show a check finds it at any concurrency. */
  args?: string[];
} & (
  | {
      /** The check id the kit must report as failed. */
      expectFailedCheck: string;
      /** The rule is a decisions.md convention (a warning by default): the run uses --strict to fail it. */
      strict?: boolean;
    }
  | {
      /** A decisions.md convention run without --strict: the check id the kit must report as warned. */
      expectWarnedCheck: string;
      strict?: never;
    }
);

export type Outcome = 'failed' | 'warned';

/** The kit's arguments for a fault's run, and the check that must end with the outcome. */
export function expectation(fault: Fault): { args: string[]; check: string; outcome: Outcome } {
  const args = ['--only', fault.only, ...(fault.args ?? [])];
  if ('expectWarnedCheck' in fault) return { args, check: fault.expectWarnedCheck, outcome: 'warned' };
  const strict = fault.strict === true ? ['--strict'] : [];
  return { args: [...args, ...strict], check: fault.expectFailedCheck, outcome: 'failed' };
}

export const OPERATIONS = [
  'listSubscriptions',
  'createSubscription',
  'updateSubscription',
  'getNodeProducts',
] as const;
export type Operation = (typeof OPERATIONS)[number];

/** The two list operations: the ones with filters, paging and links. */
export const LISTS = ['listSubscriptions', 'getNodeProducts'] as const satisfies readonly Operation[];

const NODE_PRODUCTS_PATH = /^\/catalogs\/[^/]+\/releases\/[^/]+\/nodes\/[^/]+\/relationships\/products$/;
const SUBSCRIPTION_PATH = /^\/subscriptions\/subscriptions\/[^/]+$/;

/** Which of the four operations a request addresses (the mock runs without a base path here). */
export function operationOf(req: Pick<ProxiedRequest, 'method' | 'url'>): Operation | undefined {
  const path = req.url.pathname;
  if (path === '/subscriptions/subscriptions') {
    if (req.method === 'GET') return 'listSubscriptions';
    return req.method === 'POST' ? 'createSubscription' : undefined;
  }
  if (req.method === 'PUT' && SUBSCRIPTION_PATH.test(path)) return 'updateSubscription';
  return req.method === 'GET' && NODE_PRODUCTS_PATH.test(path) ? 'getNodeProducts' : undefined;
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object at a path of nested objects, or undefined. */
export function child(value: unknown, ...path: string[]): JsonObject | undefined {
  let node = value;
  for (const key of path) node = isObject(node) ? node[key] : undefined;
  return isObject(node) ? node : undefined;
}

/** The resources of a body: every object of a `data` array, or the single `data` object. */
export function dataRecords(body: unknown): JsonObject[] {
  const data = isObject(body) ? body.data : undefined;
  if (Array.isArray(data)) return data.filter(isObject);
  return isObject(data) ? [data] : [];
}

/** The objects at `path` inside every resource of a body, e.g. every `meta`. */
export function recordParts(body: unknown, ...path: string[]): JsonObject[] {
  return dataRecords(body)
    .map((record) => child(record, ...path))
    .filter((part): part is JsonObject => part !== undefined);
}

/** Rewrites every string link of a body's `links`. */
export function rewriteLinks(body: unknown, rewrite: (link: URL) => string): void {
  const links = child(body, 'links') ?? {};
  for (const [name, link] of Object.entries(links)) {
    if (typeof link === 'string') links[name] = rewrite(new URL(link));
  }
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** The request's body parsed as JSON, or undefined when it is not JSON (a fault then leaves it alone). */
export function sentJson(req: Pick<ProxiedRequest, 'body'>): unknown {
  try {
    return JSON.parse(req.body) as unknown;
  } catch {
    return undefined;
  }
}

/** Edits successful JSON answers of the given operations in place. */
export function onResponse(
  operations: readonly Operation[],
  edit: (body: JsonObject, req: ProxiedRequest, res: ProxiedResponse) => void,
): () => Handler {
  return () => async (req, forward) => {
    const res = await forward(req);
    const operation = operationOf(req);
    if (operation !== undefined && operations.includes(operation) && isSuccess(res.status)) {
      if (isObject(res.body)) edit(res.body, req, res);
    }
    return res;
  };
}

/** Changes requests of the given operations before they reach the server. */
export function onRequest(
  operations: readonly Operation[],
  edit: (req: ProxiedRequest) => void,
): () => Handler {
  return () => (req, forward) => {
    const operation = operationOf(req);
    if (operation !== undefined && operations.includes(operation)) edit(req);
    return forward(req);
  };
}

/** Splits `eq(a,1):in(b,"x:y",2)` at the `:` between expressions (not inside parentheses or quotes). */
export function splitExpressions(filter: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < filter.length; i++) {
    const c = filter[i];
    if (quote !== undefined) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ':' && depth === 0) {
      parts.push(filter.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(filter.slice(start));
  return parts;
}

/** `op(attribute,v1,v2)` taken apart (values keep their quotes), or undefined when it does not parse. */
export function parseExpression(
  expression: string,
): { op: string; attribute: string; values: string[] } | undefined {
  const match = /^(\w+)\((.*)\)$/s.exec(expression);
  if (match === null) return undefined;
  const args = splitOutsideQuotes(match[2] ?? '', ',');
  const [attribute, ...values] = args;
  return attribute === undefined ? undefined : { op: match[1] ?? '', attribute, values };
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== undefined) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Rewrites the request's filter expression by expression; `undefined` drops one, no expression drops the filter. */
export function rewriteFilter(
  req: ProxiedRequest,
  rewrite: (expression: string, index: number) => string | undefined,
): void {
  const filter = req.url.searchParams.get('filter');
  if (filter === null) return;
  const kept = splitExpressions(filter)
    .map(rewrite)
    .filter((e): e is string => e !== undefined);
  if (kept.length === 0) req.url.searchParams.delete('filter');
  else req.url.searchParams.set('filter', kept.join(':'));
}

/** `page[offset]` and `page[limit]` of a request as numbers (undefined when absent or not an integer). */
export function paging(req: ProxiedRequest): { offset: number | undefined; limit: number | undefined } {
  const read = (name: string) => {
    const raw = req.url.searchParams.get(name);
    return raw !== null && /^-?\d+$/.test(raw) ? Number(raw) : undefined;
  };
  return { offset: read('page[offset]'), limit: read('page[limit]') };
}

/** A copy of a request with other query parameters (the original stays as the client sent it). */
export function withQuery(req: ProxiedRequest, changes: Record<string, string | undefined>): ProxiedRequest {
  const url = new URL(req.url);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return { ...req, url };
}
