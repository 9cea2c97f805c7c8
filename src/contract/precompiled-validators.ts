import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Precompiled } from './validators.js';

/** What standalone-source.ts writes. */
interface StandaloneModule {
  sourceSha256: string;
  /** The export name of each compiled ref. */
  refs: Record<string, string>;
  validators(at: (path: readonly string[]) => unknown): Record<string, ValidateFunction>;
}

/**
 * The validators the build wrote to `modulePath` for `document`, if they were made from the YAML text whose hash
 * is `sourceSha256`; undefined when the file is missing (a build from before them) or from another text.
 */
export function precompiledValidators(
  modulePath: string,
  document: OpenAPIV3_1.Document,
  sourceSha256: string,
): Precompiled | undefined {
  let found: StandaloneModule;
  try {
    found = createRequire(import.meta.url)(modulePath) as StandaloneModule;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
  if (found.sourceSha256 !== sourceSha256) return undefined;
  const at = (path: readonly string[]): unknown =>
    path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document);
  let functions: Record<string, ValidateFunction> | undefined;
  return (ref) => {
    const name = found.refs[ref];
    if (name === undefined) return undefined;
    functions ??= found.validators(at);
    return functions[name];
  };
}
