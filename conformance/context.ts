import { boundValue } from './bounded-value.js';
import { CONTRACT, familyDecision } from './citations.js';
import type { Client, Exchange } from './client.js';
import { curlCommand, redactHeaders } from './curl.js';
import { redactDeep } from './secrets.js';
import { mulberry32, deriveSeed } from './prng.js';
import type { SpecValidator } from './schema.js';
import { pointerSegment } from './spec.js';
import type { SchemaError } from './schema.js';
import {
  CheckInconclusive,
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

/** Schema errors kept per response; the rest are counted in `schemaErrorCount`. */
export const MAX_SCHEMA_ERRORS = 20;

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

/** Requests each context sent: a check's own count, whatever else runs beside it. */
const sentBy = new WeakMap<CheckContext, number>();

/** How many requests a check sent through its context. */
export function requestsSent(ctx: CheckContext): number {
  return sentBy.get(ctx) ?? 0;
}

/** The context one check runs with; its requests wait for a slot with `priority` (see SendOptions). */
export function createContext(env: RunEnvironment, check: Check, priority = 0): CheckContext {
  const counted = <T>(sending: Promise<T>): Promise<T> => {
    sentBy.set(ctx, (sentBy.get(ctx) ?? 0) + 1);
    return sending;
  };
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
      return counted(
        env.client.send(
          {
            method: operation.method,
            url: url(operationId, request),
            operation: operationId,
            ...(request.headers === undefined ? {} : { headers: request.headers }),
            ...(request.json === undefined ? {} : { json: request.json }),
            ...(request.body === undefined ? {} : { body: request.body }),
            ...(request.label === undefined ? {} : { label: request.label }),
            ...(request.burst === undefined ? {} : { burst: request.burst }),
            priority,
          },
          check.id,
        ),
      );
    },
    send: (options) => counted(env.client.send({ priority, ...options }, check.id)),
    validate: (operationId, status, body) =>
      env.validator.validateResponse(operationId, status, body, MAX_SCHEMA_ERRORS),
    validateComponent: (name, value) =>
      env.validator.validateBounded(`/components/schemas/${pointerSegment(name)}`, value, MAX_SCHEMA_ERRORS),
    responseKey: (operationId, status) => env.validator.responseSchema(operationId, status)?.key,
    fail: (exchange, details) => buildFailure(check, env.settings, exchange, details),
    skip: (reason) => {
      throw new CheckSkipped(reason);
    },
    inconclusive: (reason) => {
      throw new CheckInconclusive(reason);
    },
    sleep: (ms) => env.client.sleep(ms),
  };
  return ctx;
}

/** A failure with the exchange's secrets redacted, its values bounded and a curl line to replay it. */
export function buildFailure(
  check: Pick<Check, 'id' | 'operation' | 'source' | 'cites'>,
  settings: Pick<RunSettings, 'secretHeaders' | 'secretValues'>,
  exchange: Exchange | undefined,
  details: FailureDetails,
): Failure {
  const source = details.source ?? check.source;
  const failure: Failure = {
    checkId: check.id,
    operation: exchange?.operation ?? check.operation,
    rule: details.rule,
    source,
    cites:
      details.cites ??
      (source === check.source
        ? check.cites
        : source === 'convention'
          ? familyDecision(check.id)
          : CONTRACT.pageLimits),
    message: details.message,
  };
  const where = details.where ?? (exchange === undefined ? undefined : requestPlace(exchange.request));
  if (where !== undefined) failure.where = where;
  if ('expected' in details) failure.expected = boundValue(details.expected);
  if ('actual' in details) failure.actual = boundValue(details.actual);
  if (details.schemaErrors !== undefined) {
    const errors = distinctErrors(details.schemaErrors);
    failure.schemaErrors = errors.slice(0, MAX_SCHEMA_ERRORS);
    failure.schemaErrorCount = details.schemaErrorCount ?? errors.length;
  }
  if (exchange !== undefined) {
    const { secretHeaders } = settings;
    failure.request = {
      ...exchange.request,
      headers: redactHeaders(exchange.request.headers, secretHeaders),
    };
    const { status, headers, text, bytes, ms } = exchange.response;
    const kept = text.length > REPORTED_TEXT_LIMIT ? text.slice(0, REPORTED_TEXT_LIMIT) : text;
    failure.response = {
      status,
      headers: redactHeaders(headers, secretHeaders),
      text: bytes > Buffer.byteLength(kept) ? `${kept}… (${bytes} bytes)` : kept,
      ms,
    };
    failure.curl = curlCommand(exchange.request, secretHeaders);
  }
  return redactDeep(failure, settings.secretValues);
}

/** Where a request went, without the values that change per run: `GET ?filter&page[limit]`, `POST body`. */
export function requestPlace(request: { method: string; url: string; body?: string }): string {
  let names: string[] = [];
  try {
    names = [...new Set(new URL(request.url).searchParams.keys())].sort();
  } catch {
    // A URL the kit could not parse has no parameters to name.
  }
  const query = names.length === 0 ? '' : ` ?${names.join('&')}`;
  return `${request.method}${query}${request.body === undefined ? '' : ' body'}`;
}

/** ajv repeats an error per combinator branch: one of each (path, keyword, key, message). */
export function distinctErrors(errors: readonly SchemaError[]): SchemaError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.instancePath}\u0000${error.keyword}\u0000${error.key ?? ''}\u0000${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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
