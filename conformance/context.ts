import type { Client, Exchange } from './client.js';
import { curlCommand, redactHeaders } from './curl.js';
import { mulberry32, deriveSeed } from './prng.js';
import type { SpecValidator } from './schema.js';
import { pointerSegment } from './spec.js';
import {
  CheckSkipped,
  type CatalogIds,
  type Check,
  type CheckContext,
  type Failure,
  type FailureDetails,
  type Query,
  type RunCache,
  type RunSettings,
} from './check.js';

/** What every check of one run shares. */
export interface RunEnvironment {
  baseUrl: URL;
  ids: CatalogIds;
  settings: RunSettings;
  client: Client;
  validator: SpecValidator;
  cache: RunCache;
}

/** Response text kept in a failure: enough to read, small enough for a report of many failures. */
export const REPORTED_TEXT_LIMIT = 8000;

export function createCache(): RunCache {
  const values = new Map<string, Promise<unknown>>();
  return {
    memo<T>(key: string, load: () => Promise<T>): Promise<T> {
      const known = values.get(key);
      if (known !== undefined) return known as Promise<T>;
      const loading = load();
      values.set(key, loading);
      loading.catch(() => values.delete(key));
      return loading;
    },
  };
}

/** The context one check runs with. */
export function createContext(env: RunEnvironment, check: Check): CheckContext {
  const url = (
    operationId: string,
    request: { params?: Readonly<Record<string, string>>; query?: Query } = {},
  ) => {
    const operation = env.validator.operation(operationId);
    if (operation === undefined) throw new Error(`the spec has no operation ${operationId}`);
    return operationUrl(env.baseUrl, operation.path, request.params ?? {}, request.query);
  };
  const ctx: CheckContext = {
    check,
    baseUrl: env.baseUrl,
    ids: env.ids,
    settings: env.settings,
    random: mulberry32(deriveSeed(env.settings.seed, check.id)),
    cache: env.cache,
    url,
    call: (operationId, request = {}) => {
      const operation = env.validator.operation(operationId);
      if (operation === undefined) throw new Error(`the spec has no operation ${operationId}`);
      return env.client.send(
        {
          method: operation.method,
          url: url(operationId, request),
          operation: operationId,
          ...(request.headers === undefined ? {} : { headers: request.headers }),
          ...(request.json === undefined ? {} : { json: request.json }),
          ...(request.body === undefined ? {} : { body: request.body }),
        },
        check.id,
      );
    },
    send: (options) => env.client.send(options, check.id),
    exchanges: () => env.client.exchanges,
    validate: (operationId, status, body) => env.validator.validateResponse(operationId, status, body),
    validateComponent: (name, value) =>
      env.validator.validateAt(`/components/schemas/${pointerSegment(name)}`, value),
    responseKey: (operationId, status) => env.validator.responseSchema(operationId, status)?.key,
    fail: (exchange, details) => buildFailure(check, env.settings.secretHeaders, exchange, details),
    skip: (reason) => {
      throw new CheckSkipped(reason);
    },
  };
  return ctx;
}

/** A failure with the exchange's secrets redacted and a curl line to replay it. */
export function buildFailure(
  check: Pick<Check, 'id' | 'operation' | 'source'>,
  secretHeaders: readonly string[],
  exchange: Exchange | undefined,
  details: FailureDetails,
): Failure {
  const failure: Failure = {
    checkId: check.id,
    operation: exchange?.operation ?? check.operation,
    rule: details.rule,
    source: details.source ?? check.source,
    message: details.message,
  };
  if ('expected' in details) failure.expected = details.expected;
  if ('actual' in details) failure.actual = details.actual;
  if (details.schemaErrors !== undefined) failure.schemaErrors = details.schemaErrors;
  if (exchange !== undefined) {
    failure.request = {
      ...exchange.request,
      headers: redactHeaders(exchange.request.headers, secretHeaders),
    };
    const { status, headers, text, ms } = exchange.response;
    failure.response = {
      status,
      headers: redactHeaders(headers, secretHeaders),
      text:
        text.length > REPORTED_TEXT_LIMIT
          ? `${text.slice(0, REPORTED_TEXT_LIMIT)}… (${text.length} chars)`
          : text,
      ms,
    };
    failure.curl = curlCommand(exchange.request, secretHeaders);
  }
  return failure;
}

/**
 * base URL + path template with percent-encoded params + query. The base may carry a path prefix
 * (`http://host/staging`): the operation path is appended to it, never resolved against it.
 */
export function operationUrl(
  baseUrl: URL,
  pathTemplate: string,
  params: Readonly<Record<string, string>>,
  query?: Query,
): string {
  const path = pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${pathTemplate}`);
    return encodeURIComponent(value);
  });
  const search = query === undefined ? '' : queryString(query);
  return `${baseUrl.href.replace(/\/+$/, '')}${path}${search === '' ? '' : `?${search}`}`;
}

/** Percent-encodes names and values but keeps `[ ] ( ) , :` readable: servers decode them the same way. */
export function queryString(query: Query): string {
  const pairs: ReadonlyArray<readonly [string, string | number]> = Array.isArray(query)
    ? (query as ReadonlyArray<readonly [string, string]>)
    : Object.entries(query as Readonly<Record<string, string | number>>);
  return pairs.map(([name, value]) => `${encodeQueryPart(name)}=${encodeQueryPart(String(value))}`).join('&');
}

function encodeQueryPart(part: string): string {
  return encodeURIComponent(part).replace(/%(5B|5D|2C|3A)/g, (escaped) => decodeURIComponent(escaped));
}
