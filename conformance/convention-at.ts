import { atPointer, type SpecDocument } from './spec.js';

/**
 * Whether the body part at `instancePath` is shaped by a convention: some schema on the way from the
 * response schema down to it (following $ref, properties, items, map values and combinators) is marked
 * `x-convention: true`. Ajv's own schemaPath cannot tell, as it is relative to the innermost $ref.
 * For a missing member (`missing`), the object's schema may say only a convention requires it
 * (`x-convention-required: [names]`), or the member's own schema may be marked.
 */
export function conventionAt(
  doc: SpecDocument,
  rootPointer: string,
  instancePath: string,
  missing?: string,
): boolean {
  if (missing !== undefined) {
    const member = `${instancePath}/${missing.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (conventionAt(doc, rootPointer, member)) return true;
  }
  const segments =
    instancePath === ''
      ? []
      : instancePath
          .slice(1)
          .split('/')
          .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  let frontier: unknown[] = [atPointer(doc, rootPointer)];
  for (let depth = 0; ; depth++) {
    const expanded = expand(doc, frontier);
    if (expanded.some((schema) => schema['x-convention'] === true)) return true;
    const segment = segments[depth];
    if (segment === undefined && missing !== undefined)
      return expanded.some((schema) => {
        const names = schema['x-convention-required'];
        return Array.isArray(names) && names.includes(missing);
      });
    if (segment === undefined || expanded.length === 0) return false;
    frontier = expanded.flatMap((schema) => {
      const properties = schema.properties as Record<string, unknown> | undefined;
      const next: unknown[] = [];
      if (properties !== undefined && segment in properties) next.push(properties[segment]);
      else if (typeof schema.additionalProperties === 'object') next.push(schema.additionalProperties);
      if (/^\d+$/.test(segment) && schema.items !== undefined) next.push(schema.items);
      return next;
    });
  }
}

/** The schemas a node stands for: itself, its $ref targets and its combinator branches. */
function expand(doc: SpecDocument, nodes: readonly unknown[]): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const queue = [...nodes];
  for (let guard = 0; queue.length > 0 && guard < 256; guard++) {
    const node = queue.shift();
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    const schema = node as Record<string, unknown>;
    out.push(schema);
    if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#'))
      queue.push(atPointer(doc, schema.$ref));
    for (const combinator of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = schema[combinator];
      if (Array.isArray(branches)) queue.push(...(branches as unknown[]));
    }
  }
  return out;
}
