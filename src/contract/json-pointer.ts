/** JSON in the contract: objects, media types, JSON Pointers and local `$ref`s, each spelled out once. */

type Json = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON media types: application/json and any +json. */
export function isJsonMediaType(mediaType: string): boolean {
  return /^application\/(?:[\w.-]+\+)?json$/i.test(mediaType.split(';')[0]?.trim() ?? '');
}

/** `#/a~1b/c` style pointer for ajv, segments escaped as JSON Pointer and URI fragment. */
export function fragmentOf(segments: readonly string[]): string {
  return '#' + segments.map((s) => '/' + encodeURIComponent(escapeSegment(s))).join('');
}

/** One JSON Pointer segment: `~` -> `~0`, `/` -> `~1`. */
export function escapeSegment(segment: string): string {
  // Most keys need no escape: checking first spares two regular expressions per segment of a large body.
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapeSegment(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The member `key` of an object or array (an index as text), or undefined. */
export function memberOf(node: unknown, key: string): unknown {
  return Array.isArray(node) ? node[Number(key)] : isJsonObject(node) ? node[key] : undefined;
}

function walkPointer(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.replace(/^#\/?/, '').split('/'))
    if (raw !== '') node = memberOf(node, unescapeSegment(raw));
  return node;
}

/**
 * Follows local `$ref`s; returns the target and its location as path segments.
 * @example resolveRef(document, { $ref: '#/components/schemas/UUID' }).at // ['components', 'schemas', 'UUID']
 */
export function resolveRef(
  document: unknown,
  value: unknown,
  at: readonly string[] = [],
): { value: unknown; at: string[] } {
  let current = value;
  let location = [...at];
  for (let hops = 0; isJsonObject(current) && typeof current.$ref === 'string' && hops < 32; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) break;
    location = ref.slice(2).split('/').map(unescapeSegment);
    current = walkPointer(document, ref);
  }
  return { value: current, at: location };
}
