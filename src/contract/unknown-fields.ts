import { isJsonObject as isObject, resolveRef } from './json-pointer.js';
import type { Findings } from './violation.js';
import { child, unknownFieldDetail } from './violation-words.js';

// The mock closes request objects the spec leaves open (design.md: catch typos early).

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
  if (!isObject(node) || depth > 16) return shape;
  if (isObject(node.properties))
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
  const cached = isObject(schema) ? shapeCache.get(schema) : undefined;
  if (cached !== undefined) return cached;
  const shape = shapeOf(document, schema, { properties: new Map(), open: false, closedBySchema: false });
  if (isObject(schema)) shapeCache.set(schema, shape);
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
  if (!isObject(value)) return;
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
