import { requireNow } from '../load-module.js';
import { memberOf } from './json-pointer.js';
import type { ValidateFunction } from 'ajv';
import type { OpenAPIV3_1 } from 'openapi-types';

/** The function validating `ref` (`openapi.json#/pointer`) made beforehand, or undefined to compile it now. */
export type Precompiled = (ref: string) => ValidateFunction | undefined;

/** What standalone-source.ts writes. */
interface StandaloneModule {
  sourceSha256: string;
  /** The export name of each compiled ref. */
  refs: Record<string, string>;
  validators(at: (path: readonly string[]) => unknown): Record<string, ValidateFunction>;
}

/** The module at `modulePath`, or undefined when there is none (a build from before it). */
function loadModule(modulePath: string): StandaloneModule | undefined {
  try {
    return requireNow<StandaloneModule>(modulePath);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

/**
 * The validators the build wrote to `modulePath` for `document`, loaded with the first schema asked for: those
 * of the YAML text whose hash is `sourceSha256`, or none (every ref undefined) when the file is missing (a
 * build from before them) or from another text.
 */
export function precompiledValidators(
  modulePath: string,
  document: OpenAPIV3_1.Document,
  sourceSha256: string,
): Precompiled {
  const at = (path: readonly string[]): unknown => path.reduce<unknown>(memberOf, document);
  let functions: { refs: Record<string, string>; made: Record<string, ValidateFunction> } | null | undefined;
  return (ref) => {
    if (functions === undefined) {
      const found = loadModule(modulePath);
      functions =
        found?.sourceSha256 === sourceSha256 ? { refs: found.refs, made: found.validators(at) } : null;
    }
    const name = functions?.refs[ref];
    return name === undefined ? undefined : functions?.made[name];
  };
}
