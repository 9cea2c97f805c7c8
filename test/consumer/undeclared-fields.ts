/** A JSON Schema node as it sits in the document: an object (or a boolean schema). */
type Schema = { readonly [key: string]: unknown };

/** What one walk found, each as a normalised JSON path (`data[].attributes.name`, map keys as `*`). */
export interface FieldFindings {
  /** Fields present in the body that no schema variant declares. */
  undeclared: string[];
  /** Fields declared by a schema that states no type (no `type`, `const` or `enum` in any variant). */
  untyped: string[];
  /** Fields whose JSON type is not among the types their schemas state. */
  mistyped: string[];
}

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;
// A key that reads as a field name is reported as itself; ids and other map keys are reported as `*`.
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Resolves a local JSON pointer (`#/components/schemas/X`) in the document. */
function atPointer(doc: Schema, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    node = isSchema(node) ? node[key] : undefined;
  }
  return node;
}

/** The node and everything it stands for through `$ref` and the combinators: the shapes a value may take. */
export function variantsOf(doc: Schema, nodes: readonly unknown[]): Schema[] {
  const found: Schema[] = [];
  const queue = [...nodes];
  while (queue.length > 0) {
    const node = queue.shift();
    if (!isSchema(node) || found.includes(node)) continue;
    found.push(node);
    if (typeof node.$ref === 'string') queue.push(atPointer(doc, node.$ref));
    for (const keyword of COMBINATORS) {
      const members = node[keyword];
      if (Array.isArray(members)) queue.push(...(members as unknown[]));
    }
  }
  return found;
}

/** The JSON Schema type of a value (`integer` for whole numbers, which `number` also accepts). */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function statedTypes(variants: readonly Schema[]): { typed: boolean; types: Set<string> } {
  const types = new Set<string>();
  let typed = false;
  for (const variant of variants) {
    const { type } = variant;
    for (const t of typeof type === 'string' ? [type] : Array.isArray(type) ? type : [])
      if (typeof t === 'string') types.add(t);
    if (type !== undefined) typed = true;
    const values = 'const' in variant ? [variant.const] : Array.isArray(variant.enum) ? variant.enum : [];
    if (values.length > 0) typed = true;
    for (const value of values) types.add(jsonType(value));
  }
  return { typed, types };
}

function accepts(types: ReadonlySet<string>, value: unknown): boolean {
  const type = jsonType(value);
  return types.has(type) || (type === 'integer' && types.has('number'));
}

/** The schemas of one member of an object: named properties, matching patterns, or typed map values. */
function memberSchemas(variants: readonly Schema[], key: string): { schemas: unknown[]; named: boolean } {
  const schemas: unknown[] = [];
  let named = false;
  for (const variant of variants) {
    const properties = isSchema(variant.properties) ? variant.properties : {};
    if (key in properties) {
      schemas.push(properties[key]);
      named = true;
    }
    const patterns = isSchema(variant.patternProperties) ? variant.patternProperties : {};
    for (const [pattern, schema] of Object.entries(patterns))
      if (new RegExp(pattern, 'u').test(key)) schemas.push(schema);
    // A schema-valued additionalProperties declares every value of a map (a price keyed by currency).
    if (isSchema(variant.additionalProperties)) schemas.push(variant.additionalProperties);
  }
  return { schemas, named };
}

function itemSchemas(variants: readonly Schema[], index: number): unknown[] {
  return variants.flatMap((variant) => {
    const prefix = Array.isArray(variant.prefixItems) ? (variant.prefixItems as unknown[]) : [];
    if (index < prefix.length) return [prefix[index]];
    return isSchema(variant.items) ? [variant.items] : [];
  });
}

/**
 * Walks a response body beside its schema and lists every field path the schema does not declare, declares
 * without a type, or declares with another type. `$ref`, allOf/anyOf/oneOf are followed (any member may
 * declare a field); a schema-valued `additionalProperties` declares the values of a map.
 * @example
 * undeclaredFields(doc, { $ref: '#/components/schemas/SubscriptionResponse' }, body).undeclared
 *   // ['data.attributes.name', 'data.attributes.email']
 */
export function undeclaredFields(doc: object, schema: unknown, body: unknown): FieldFindings {
  const findings = { undeclared: new Set<string>(), untyped: new Set<string>(), mistyped: new Set<string>() };
  const walk = (nodes: readonly unknown[], value: unknown, path: string): void => {
    const variants = variantsOf(doc as Schema, nodes);
    const { typed, types } = statedTypes(variants);
    if (!typed) findings.untyped.add(path || '(root)');
    else if (!accepts(types, value)) findings.mistyped.add(path || '(root)');
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        const inner = itemSchemas(variants, index);
        if (inner.length === 0) findings.undeclared.add(`${path}[]`);
        else walk(inner, item, `${path}[]`);
      });
      return;
    }
    if (!isSchema(value)) return;
    for (const [key, member] of Object.entries(value)) {
      const { schemas, named } = memberSchemas(variants, key);
      const at = `${path}${path === '' ? '' : '.'}${named || (schemas.length === 0 && NAME.test(key)) ? key : '*'}`;
      if (schemas.length === 0) findings.undeclared.add(at);
      else walk(schemas, member, at);
    }
  };
  walk([schema], body, '');
  const sorted = (set: Set<string>) => [...set].sort();
  return {
    undeclared: sorted(findings.undeclared),
    untyped: sorted(findings.untyped),
    mistyped: sorted(findings.mistyped),
  };
}
