import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The kit's own view of the OpenAPI document: plain JSON, no types from src/ (the kit must not share the mock's code). */
export type SpecDocument = Record<string, unknown> & { paths?: Record<string, Record<string, unknown>> };

/** One operation of the spec: how to call it. */
export interface SpecOperation {
  operationId: string;
  method: string;
  /** The path template as written in the spec, e.g. `/subscriptions/subscriptions/{subscription_uuid}`. */
  path: string;
  /** JSON pointer of the operation object inside the document. */
  pointer: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/** The package root, found by walking up from this file: the same code runs from conformance/ and dist/conformance/. */
export function packageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

let cachedSpec: SpecDocument | undefined;

/**
 * spec/openapi.yaml, parsed once per process. The build keeps the parsed document as JSON with the SHA-256 of the
 * YAML it came from (dist/spec/openapi.json): read when it matches the YAML, it spares the kit's every start the
 * YAML parser (over 100 ms of CPU); an edited spec never meets a stale copy.
 */
export function loadSpec(): SpecDocument {
  if (cachedSpec !== undefined) return cachedSpec;
  const root = packageRoot();
  const yamlText = readFileSync(join(root, 'spec', 'openapi.yaml'), 'utf8');
  cachedSpec =
    builtDocument(yamlText, join(root, 'dist', 'spec', 'openapi.json')) ??
    ((createRequire(import.meta.url)('yaml') as typeof import('yaml')).parse(yamlText) as SpecDocument);
  return cachedSpec;
}

/** The build's JSON copy of the spec when it was parsed from exactly `yamlText`, else undefined. */
export function builtDocument(yamlText: string, file: string): SpecDocument | undefined {
  try {
    const built = JSON.parse(readFileSync(file, 'utf8')) as { source_sha256?: unknown; document?: unknown };
    const hash = createHash('sha256').update(yamlText).digest('hex');
    if (built.source_sha256 !== hash || typeof built.document !== 'object' || built.document === null)
      return undefined;
    return built.document as SpecDocument;
  } catch {
    return undefined;
  }
}

/** The catalog ids the kit uses by default: the mock's fixed catalog (fixtures/ids.json). */
export interface DefaultIds {
  catalogId: string;
  releaseId: string;
  nodeId: string;
}

/** Defaults from fixtures/ids.json: the newest release is the last of `release_ids`. */
export function loadDefaultIds(root: string = packageRoot()): DefaultIds {
  const ids = JSON.parse(readFileSync(join(root, 'fixtures', 'ids.json'), 'utf8')) as {
    catalog?: { catalog_id?: string; release_ids?: string[]; node_id?: string };
  };
  const catalog = ids.catalog ?? {};
  return {
    catalogId: catalog.catalog_id ?? '',
    releaseId: catalog.release_ids?.at(-1) ?? 'latest',
    nodeId: catalog.node_id ?? '',
  };
}

/** Escapes one JSON pointer segment (RFC 6901). */
export function pointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The value at a JSON pointer (`#/a/b` or `/a/b`), or undefined. */
export function atPointer(doc: unknown, pointer: string): unknown {
  const path = pointer.replace(/^#/, '');
  if (path === '') return doc;
  let node: unknown = doc;
  for (const raw of path.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * Follows local `$ref`s until a non-reference object: returns it with its pointer, so a schema can be
 * compiled by reference into the whole document (its inner refs then resolve as written).
 */
export function resolveLocal(doc: unknown, pointer: string): { pointer: string; value: unknown } {
  let current = pointer;
  for (let hops = 0; hops < 32; hops++) {
    const value = atPointer(doc, current);
    const ref = value !== null && typeof value === 'object' ? (value as { $ref?: unknown }).$ref : undefined;
    if (typeof ref !== 'string' || !ref.startsWith('#')) return { pointer: current, value };
    current = ref.slice(1);
  }
  throw new Error(`$ref chain too long at ${pointer}`);
}

/** Every operation of the document by operationId. */
export function specOperations(doc: SpecDocument): Map<string, SpecOperation> {
  const operations = new Map<string, SpecOperation>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as { operationId?: unknown } | undefined;
      if (typeof operation?.operationId !== 'string') continue;
      const pointer = `/paths/${pointerSegment(path)}/${method}`;
      operations.set(operation.operationId, { operationId: operation.operationId, method, path, pointer });
    }
  }
  return operations;
}
