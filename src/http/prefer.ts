import type { OpenAPIV3_1 } from 'openapi-types';
import { resolveRef } from '../contract/json-pointer.js';
import { isJsonMediaType } from '../contract/json-pointer.js';
import type { SpecOperation } from '../contract/spec-operations.js';
import { HttpError } from './http-error.js';

/** What a `Prefer` header asks of the mock, as Prism reads it: `code=404`, `example=NAME`. */
export interface Preference {
  code?: number;
  example?: string;
}

const source = { header: 'Prefer' };

/** Parses `Prefer`; preferences the mock does not know (RFC 7240: e.g. `return=minimal`) are ignored. */
export function parsePrefer(header: string | string[] | undefined): Preference | undefined {
  if (header === undefined) return undefined;
  const preference: Preference = {};
  for (const token of [header].flat().join(',').split(/[,;]/)) {
    const [rawKey = '', ...rest] = token.split('=');
    const key = rawKey.trim().toLowerCase();
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (key === 'code') {
      if (!/^[1-5]\d\d$/.test(value))
        throw HttpError.of(
          400,
          `Prefer code must be a three-digit status such as code=404, got code=${value}`,
          source,
        );
      preference.code = Number(value);
    } else if (key === 'example') {
      if (value === '')
        throw HttpError.of(400, 'Prefer example needs a name, e.g. example=not_found', source);
      preference.example = value;
    }
  }
  return preference.code === undefined && preference.example === undefined ? undefined : preference;
}

/** A response the spec documents for a forced status: its example body, if it has one. */
export interface PreferredResponse {
  status: number;
  /** Undefined when the spec has no example for this response (the caller may generate one). */
  example?: { value: unknown };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `404` -> `404` or `4XX`. */
function responseKey(responses: Json, code: number): string | undefined {
  return [String(code), `${String(code).charAt(0)}XX`].find((key) => key in responses);
}

/** Success responses first, then the rest, each in ascending order: the order Prism picks examples in. */
function orderedKeys(responses: Json): string[] {
  const codes = Object.keys(responses).filter((key) => /^[1-5](\d\d|XX)$/.test(key));
  const rank = (key: string) => (key.startsWith('2') ? 0 : 1);
  return codes.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

function namedExamples(document: OpenAPIV3_1.Document, media: Json): Map<string, unknown> {
  const named = new Map<string, unknown>();
  if (isObject(media.examples))
    for (const [name, example] of Object.entries(media.examples)) {
      const resolved = resolveRef(document, example).value;
      if (isObject(resolved) && 'value' in resolved) named.set(name, resolved.value);
    }
  return named;
}

function jsonMedia(document: OpenAPIV3_1.Document, response: unknown): Json | undefined {
  const resolved = resolveRef(document, response).value;
  const content = isObject(resolved) && isObject(resolved.content) ? resolved.content : undefined;
  const type = content === undefined ? undefined : Object.keys(content).find(isJsonMediaType);
  const media = type === undefined ? undefined : content?.[type];
  return isObject(media) ? media : undefined;
}

/** The first example of a media type: named examples, then `example`, then the schema's `examples`/`example`. */
function firstExample(document: OpenAPIV3_1.Document, media: Json): { value: unknown } | undefined {
  const named = namedExamples(document, media);
  if (named.size > 0) return { value: named.values().next().value };
  if ('example' in media) return { value: media.example };
  const schema = resolveRef(document, media.schema).value;
  if (isObject(schema) && Array.isArray(schema.examples) && schema.examples.length > 0)
    return { value: schema.examples[0] };
  if (isObject(schema) && 'example' in schema) return { value: schema.example };
  return undefined;
}

const statusOf = (key: string, code?: number) => code ?? Number(key.replace(/XX$/, '00'));

/** The response `Prefer` forces, from the spec only; 400 (source.header Prefer) when the spec cannot honour it. */
export function preferredResponse(
  document: OpenAPIV3_1.Document,
  op: SpecOperation,
  preference: Preference,
): PreferredResponse {
  const responses = (op.operation.responses ?? {}) as Json;
  const keys = orderedKeys(responses);
  const candidates = preference.code === undefined ? keys : [responseKey(responses, preference.code)];
  if (candidates[0] === undefined)
    throw HttpError.of(
      400,
      `Prefer code=${preference.code} is not documented for ${op.operationId}; documented codes: ${keys.join(', ')}`,
      source,
    );
  const available: string[] = [];
  for (const key of candidates) {
    if (key === undefined) continue;
    const media = jsonMedia(document, responses[key]);
    if (preference.example === undefined) {
      const example = media === undefined ? undefined : firstExample(document, media);
      return example === undefined
        ? { status: statusOf(key, preference.code) }
        : { status: statusOf(key, preference.code), example };
    }
    const named = media === undefined ? new Map<string, unknown>() : namedExamples(document, media);
    if (named.has(preference.example))
      return { status: statusOf(key, preference.code), example: { value: named.get(preference.example) } };
    available.push(...named.keys());
  }
  const where =
    preference.code === undefined ? op.operationId : `${op.operationId} status ${preference.code}`;
  const list =
    available.length > 0 ? `available: ${[...new Set(available)].join(', ')}` : 'it has no named examples';
  throw HttpError.of(
    400,
    `Prefer example=${preference.example} is not an example of ${where}; ${list}`,
    source,
  );
}
