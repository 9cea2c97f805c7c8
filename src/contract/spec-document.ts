import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { OpenAPIV3_1 } from 'openapi-types';
import { requireNow } from '../load-module.js';
import { packageRoot } from '../package-root.js';
import { memberOf } from './json-pointer.js';

// The build keeps each packaged document parsed, beside the hash of its YAML text (an edited spec never meets a
// stale copy), and its request validators as plain functions (standalone-source.ts): a start loads neither yaml nor ajv.

/** Where a packaged document's YAML is, and its parsed copy and validators as the build writes them. */
const packaged = (name: string) => ({
  yamlPath: join(packageRoot(), 'spec', `${name}.yaml`),
  cachePath: join(packageRoot(), 'dist', 'spec', `${name}.json`),
  validatorsPath: join(packageRoot(), 'dist', 'generated', `${name}.validators.cjs`),
});
/** The contract, and the mock's own control plane. */
export const PACKAGED = [packaged('openapi'), packaged('admin.openapi')] as const;
export const specPath = PACKAGED[0].yamlPath;
export const adminSpecPath = PACKAGED[1].yamlPath;

/** A YAML document parsed; yaml (72 modules) is loaded only for a stale cache or another spec file. */
export function parseSpecYaml(yamlText: string): OpenAPIV3_1.Document {
  return requireNow<typeof import('yaml')>('yaml').parse(yamlText) as OpenAPIV3_1.Document;
}

export const sourceHash = (yamlText: string) => createHash('sha256').update(yamlText).digest('hex');

/** The document in `cacheText` if it was parsed from exactly `yamlText`, else undefined (the YAML is parsed). */
export function cachedDocument(
  yamlText: string,
  cacheText: string | undefined,
): OpenAPIV3_1.Document | undefined {
  try {
    const cache = JSON.parse(cacheText ?? 'null') as {
      source_sha256?: string;
      document?: OpenAPIV3_1.Document | null;
    } | null;
    if (cache?.source_sha256 !== sourceHash(yamlText)) return undefined;
    return typeof cache.document === 'object' && cache.document !== null ? cache.document : undefined;
  } catch {
    return undefined;
  }
}

/** The document of `yamlPath`, from the cache at `cachePath` when it matches, and the hash of its YAML text. */
export function readSpecSource(yamlPath: string, cachePath: string) {
  const yamlText = readFileSync(yamlPath, 'utf8');
  const cacheText = existsSync(cachePath) ? readFileSync(cachePath, 'utf8') : undefined;
  const document = cachedDocument(yamlText, cacheText) ?? parseSpecYaml(yamlText);
  return { document, sourceSha256: sourceHash(yamlText) };
}

/** Parses `yamlPath` and writes the cache readSpecSource reads (the build runs it). */
export function writeSpecCache(yamlPath: string, cachePath: string): void {
  const yamlText = readFileSync(yamlPath, 'utf8');
  mkdirSync(dirname(cachePath), { recursive: true });
  writeFileSync(
    cachePath,
    JSON.stringify({ source_sha256: sourceHash(yamlText), document: parseSpecYaml(yamlText) }),
  );
}

/** The function validating `ref` (`openapi.json#/pointer`) made beforehand, or undefined to compile it now. */
export type Precompiled = (ref: string) => ValidateFunction | undefined;

/** What standalone-source.ts writes: the YAML's hash, each ref's export name, and the functions' maker. */
interface StandaloneModule {
  sourceSha256: string;
  refs: Record<string, string>;
  validators(at: (path: readonly string[]) => unknown): Record<string, ValidateFunction>;
}

/**
 * The validators the build wrote to `modulePath` for the YAML text hashed `sourceSha256`, loaded with the first
 * ref asked for; none when the module is missing (an older build) or from another text.
 */
export function precompiledValidators(
  modulePath: string,
  document: OpenAPIV3_1.Document,
  sourceSha256: string,
): Precompiled {
  let functions: { refs: Record<string, string>; made: Record<string, ValidateFunction> } | null | undefined;
  return (ref) => {
    if (functions === undefined) {
      let found: StandaloneModule | undefined;
      try {
        found = requireNow<StandaloneModule>(modulePath);
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'MODULE_NOT_FOUND')) throw error;
      }
      const at = (path: readonly string[]): unknown => path.reduce<unknown>(memberOf, document);
      functions =
        found?.sourceSha256 === sourceSha256 ? { refs: found.refs, made: found.validators(at) } : null;
    }
    const name = functions?.refs[ref];
    return name === undefined ? undefined : functions?.made[name];
  };
}

const loaded = new Map<number, { document: OpenAPIV3_1.Document; sourceSha256: string }>();

/** Packaged document `index` (0 the contract, 1 the control plane's), parsed once per process (read-only afterwards). */
function load(index: 0 | 1): OpenAPIV3_1.Document {
  let source = loaded.get(index);
  if (source === undefined) {
    source = readSpecSource(PACKAGED[index].yamlPath, PACKAGED[index].cachePath);
    loaded.set(index, source);
  }
  return source.document;
}

/** The contract document, parsed once per process. */
export const loadSpec = () => load(0);
/** The control plane's document (spec/admin.openapi.yaml), parsed once per process. */
export const loadAdminSpec = () => load(1);

/** The build's validators of `document` when it is a packaged document as loaded (else undefined: compiled now). */
export function packagedValidators(document: OpenAPIV3_1.Document): Precompiled | undefined {
  for (const [index, source] of loaded)
    if (source.document === document)
      return precompiledValidators(PACKAGED[index]?.validatorsPath ?? '', document, source.sourceSha256);
  return undefined;
}
