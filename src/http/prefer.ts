import type { OpenAPIV3_1 } from 'openapi-types';
import { isJsonMediaType, isJsonObject as isObject, resolveRef } from '../contract/json-pointer.js';
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

/** The JSON media type object of a response, and its named examples' values. */
function jsonMedia(document: OpenAPIV3_1.Document, response: unknown) {
  const resolved = resolveRef(document, response).value;
  const content = isObject(resolved) && isObject(resolved.content) ? resolved.content : {};
  const type = Object.keys(content).find(isJsonMediaType);
  const media = type === undefined ? undefined : content[type];
  const named = new Map<string, unknown>();
  if (!isObject(media)) return { named };
  for (const [name, example] of Object.entries(isObject(media.examples) ? media.examples : {})) {
    const value = resolveRef(document, example).value;
    if (isObject(value) && 'value' in value) named.set(name, value.value);
  }
  return { media, named };
}

/**
 * The response `Prefer` forces, from the spec only, with its example when it has one (named examples, then
 * `example`, then the schema's); 400 (source.header Prefer) when the spec cannot honour it.
 */
export function preferredResponse(
  document: OpenAPIV3_1.Document,
  op: SpecOperation,
  preference: Preference,
): { status: number; example?: { value: unknown } } {
  const responses: Record<string, unknown> = op.operation.responses ?? {};
  // Success responses first, then the rest, each ascending: the order Prism picks examples in.
  const rank = (key: string) => (key.startsWith('2') ? 0 : 1);
  const keys = Object.keys(responses)
    .filter((key) => /^[1-5](\d\d|XX)$/.test(key))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const { code } = preference;
  const candidates =
    code === undefined
      ? keys
      : [[String(code), `${String(code).charAt(0)}XX`].find((key) => key in responses)];
  if (candidates[0] === undefined)
    throw HttpError.of(
      400,
      `Prefer code=${code} is not documented for ${op.operationId}; documented codes: ${keys.join(', ')}`,
      source,
    );
  const available: string[] = [];
  for (const key of candidates) {
    if (key === undefined) continue;
    const status = code ?? Number(key.replace(/XX$/, '00'));
    const { media, named } = jsonMedia(document, responses[key]);
    if (preference.example === undefined) {
      if (media === undefined) return { status };
      if (named.size > 0) return { status, example: { value: named.values().next().value } };
      if ('example' in media) return { status, example: { value: media.example } };
      const schema = resolveRef(document, media.schema).value;
      if (isObject(schema) && Array.isArray(schema.examples) && schema.examples.length > 0)
        return { status, example: { value: schema.examples[0] } };
      return isObject(schema) && 'example' in schema
        ? { status, example: { value: schema.example } }
        : { status };
    }
    if (named.has(preference.example)) return { status, example: { value: named.get(preference.example) } };
    available.push(...named.keys());
  }
  const where = code === undefined ? op.operationId : `${op.operationId} status ${code}`;
  const list =
    available.length > 0 ? `available: ${[...new Set(available)].join(', ')}` : 'it has no named examples';
  throw HttpError.of(
    400,
    `Prefer example=${preference.example} is not an example of ${where}; ${list}`,
    source,
  );
}
