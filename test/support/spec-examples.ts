import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

// The spec's own examples, read straight from spec/openapi.yaml: request bodies to send and the names
// `Prefer: example=NAME` can pick.

type Json = Record<string, unknown>;
const spec = parse(readFileSync(new URL('../../spec/openapi.yaml', import.meta.url), 'utf8')) as Json;
const at = (node: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((value, key) => (value as Json | undefined)?.[key], node);

/** The `data` of a named example of the spec, e.g. CreateWithOfferingId. */
export function specExample(name: string): Json {
  return at(spec, 'components', 'examples', name, 'value', 'data') as Json;
}

/** The named JSON examples of every response of an operation (what `Prefer: example=NAME` can pick). */
export function namedExamples(operationId: string): string[] {
  const operation = Object.values(spec.paths as Json)
    .flatMap((item) => Object.values(item as Json))
    .find((candidate) => at(candidate, 'operationId') === operationId);
  return Object.values((at(operation, 'responses') ?? {}) as Json).flatMap((response) => {
    const ref = at(response, '$ref');
    const resolved = typeof ref === 'string' ? at(spec, ...ref.slice(2).split('/')) : response;
    return Object.keys(at(resolved, 'content', 'application/json', 'examples') ?? {});
  });
}
