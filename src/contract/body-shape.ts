import type { OpenAPIV3_1 } from 'openapi-types';
import { escapeSegment, isJsonObject, resolveRef } from './json-pointer.js';
import { child, unknownFieldDetail, type Findings, type Violation } from './violation.js';

// A request body's shape beyond what ajv checks: bounds before the schema runs, members it does not declare.

/**
 * Limits on the shape of any request body, checked before the schema: a body past one of them breaks a rule
 * of its schema anyway, and reporting that without running ajv keeps the work of one request bounded
 * (a 76 KB body of 26,000 failing items once took 15 s of ajv's all-errors mode).
 */
export interface BodyBounds {
  /** Nesting of arrays and objects. */
  maxDepth: number;
  /** Items of any one array: the largest maxItems of the request schemas. */
  maxItems: number;
  /** Members of any one object: the largest maxProperties, or the most properties a request schema declares. */
  maxProperties: number;
  /** Characters of any one string (keys included): the largest maxLength. */
  maxLength: number;
  /**
   * Values in the whole body (each object, array, string, number, boolean and null counts one). The bounds above
   * each allow a lot (100 plans of 200 currencies each); their product would let 1 MiB of failing values hold
   * ajv's all-errors mode too long (test/e2e/reliability-bodies.e2e.test.ts). No schema declares it: like maxDepth it comes from the fallback.
   */
  maxValues: number;
}

/**
 * The bounds of a document's request bodies, from the largest limits its schemas declare, or `fallback`
 * where none is declared.
 * @example boundsOf(document).maxItems // 100 when the largest request array allows 100 items
 */
export function boundsOf(
  document: OpenAPIV3_1.Document,
  fallback: BodyBounds = DEFAULT_BODY_BOUNDS,
): BodyBounds {
  let maxItems = 0;
  let maxLength = 0;
  let maxProperties = 0;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    if (!isJsonObject(node)) return;
    if (typeof node.maxItems === 'number') maxItems = Math.max(maxItems, node.maxItems);
    if (typeof node.maxLength === 'number') maxLength = Math.max(maxLength, node.maxLength);
    if (typeof node.maxProperties === 'number') maxProperties = Math.max(maxProperties, node.maxProperties);
    if (isJsonObject(node.properties))
      maxProperties = Math.max(maxProperties, Object.keys(node.properties).length);
    Object.values(node).forEach(visit);
  };
  visit(document.components?.schemas ?? {});
  return {
    maxDepth: fallback.maxDepth,
    maxValues: fallback.maxValues,
    maxItems: Math.max(maxItems, fallback.maxItems),
    maxLength: Math.max(maxLength, fallback.maxLength),
    maxProperties: Math.max(maxProperties, fallback.maxProperties),
  };
}

export const DEFAULT_BODY_BOUNDS: BodyBounds = {
  maxDepth: 32,
  maxItems: 100,
  maxProperties: 100,
  maxLength: 2048,
  maxValues: 10_000,
};

/**
 * Adds to `findings` where a body goes past its bounds, one violation per place, walking without recursion so
 * no nesting can overflow the stack.
 * @example boundViolations({ data: { plans: new Array(26_000).fill({}) } }, bounds, findings) // /data/plans: maxItems
 */
export function boundViolations(body: unknown, bounds: BodyBounds, findings: Findings): void {
  const stack: { value: unknown; at: string; depth: number }[] = [{ value: body, at: '', depth: 0 }];
  const where = (at: string) => (at === '' ? 'the body' : at);
  const over = (at: string, keyword: string, detail: () => string) =>
    findings.add(() => ({ in: 'body', at, keyword, detail: detail() }));
  for (let values = 1, top = stack.pop(); top !== undefined; values++, top = stack.pop()) {
    if (values > bounds.maxValues) {
      findings.add(() => tooManyValues(bounds));
      return;
    }
    const { value, at, depth } = top;
    if (typeof value === 'string') {
      if (value.length > bounds.maxLength)
        over(at, 'maxLength', () => `${where(at)} must be at most ${bounds.maxLength} characters`);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= bounds.maxDepth) {
      // Named by the field a client wrote (the first three segments: data, attributes, the attribute),
      // not by a pointer as long as the nesting.
      findings.add(() => {
        const field = at.split('/').slice(0, 4).join('/');
        const detail = `${where(field)} is nested more than ${bounds.maxDepth} levels deep (at ${at.slice(0, 80)}...)`;
        return { in: 'body', at: field, keyword: 'maxDepth', detail };
      });
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length > bounds.maxItems) {
        over(at, 'maxItems', () => `${where(at)} must have at most ${bounds.maxItems} items`);
        continue;
      }
      for (let index = value.length - 1; index >= 0; index--)
        stack.push({ value: value[index], at: `${at}/${index}`, depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(value);
    if (entries.length > bounds.maxProperties) {
      over(at, 'maxProperties', () => `${where(at)} must have at most ${bounds.maxProperties} fields`);
      continue;
    }
    for (const [key, member] of entries.reverse()) {
      const child = `${at}/${escapeSegment(key)}`;
      if (key.length > bounds.maxLength)
        over(
          child,
          'maxLength',
          () => `the key of ${child.slice(0, 80)}... must be at most ${bounds.maxLength} characters`,
        );
      else stack.push({ value: member, at: child, depth: depth + 1 });
    }
  }
}

/** The violation of a body past `maxValues`: named at the body, since no one field holds them all. */
export function tooManyValues(bounds: BodyBounds): Violation {
  const detail = `the body must hold at most ${bounds.maxValues} values (objects, arrays, strings, numbers, booleans and nulls each count one)`;
  return { in: 'body', at: '', keyword: 'maxValues', detail };
}

// Members the schema does not declare: the mock closes request objects the spec leaves open (design.md:
// catch typos early), or names them as ignored where the vendor's body is open.

interface Shape {
  properties: Map<string, unknown>;
  /** An additionalProperties/patternProperties/unevaluatedProperties schema or `true`: keys are free. */
  open: boolean;
  /** ajv already rejects unknown keys here (additionalProperties: false): do not report them twice. */
  closedBySchema: boolean;
  additional?: unknown;
  items?: unknown;
}

function shapeOf(document: unknown, schema: unknown, shape: Shape, depth = 0): Shape {
  const node = resolveRef(document, schema).value;
  if (!isJsonObject(node) || depth > 16) return shape;
  if (isJsonObject(node.properties))
    for (const [key, value] of Object.entries(node.properties))
      if (!shape.properties.has(key)) shape.properties.set(key, value);
  for (const keyword of ['additionalProperties', 'unevaluatedProperties'] as const) {
    if (node[keyword] === false) shape.closedBySchema = true;
    else if (node[keyword] !== undefined) {
      shape.open = true;
      if (keyword === 'additionalProperties') shape.additional = node[keyword];
    }
  }
  if (node.patternProperties !== undefined) shape.open = true;
  if (node.items !== undefined) shape.items ??= node.items;
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = node[keyword];
    if (Array.isArray(branches)) for (const branch of branches) shapeOf(document, branch, shape, depth + 1);
  }
  return shape;
}

const shapeCache = new WeakMap<object, Shape>();

/** shapeOf of a schema object, worked out once: the document never changes, and this runs on every write. */
function cachedShape(document: unknown, schema: unknown): Shape {
  const cached = isJsonObject(schema) ? shapeCache.get(schema) : undefined;
  if (cached !== undefined) return cached;
  const shape = shapeOf(document, schema, { properties: new Map(), open: false, closedBySchema: false });
  if (isJsonObject(schema)) shapeCache.set(schema, shape);
  return shape;
}

/** Adds to `findings` the fields the request schema does not declare (keys of every branch of a combinator count). */
export function unknownFieldViolations(
  document: unknown,
  schema: unknown,
  value: unknown,
  findings: Findings,
  at = '',
): void {
  if (schema === undefined) return;
  const shape = cachedShape(document, schema);
  if (Array.isArray(value)) {
    if (shape.items !== undefined)
      value.forEach((item, i) => unknownFieldViolations(document, shape.items, item, findings, `${at}/${i}`));
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [key, field] of Object.entries(value)) {
    const declared = shape.properties.get(key);
    if (declared !== undefined)
      unknownFieldViolations(document, declared, field, findings, child('body', at, key));
    else if (shape.additional !== undefined && shape.additional !== true)
      unknownFieldViolations(document, shape.additional, field, findings, child('body', at, key));
    else if (!shape.open && !shape.closedBySchema && shape.properties.size > 0)
      findings.add(() => {
        const where = child('body', at, key);
        const detail = unknownFieldDetail(where, undefined, [...shape.properties.keys()]);
        return { in: 'body', at: where, keyword: 'unknownField', detail };
      });
  }
}
