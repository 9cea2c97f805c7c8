import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/**
 * A package, or the CommonJS module at an absolute path, loaded now and typed as its import: for what only some
 * runs need (ajv, yaml, pino), so that a start that never needs it never loads it.
 * @example const yaml = requireNow<typeof import('yaml')>('yaml');
 */
export function requireNow<Module>(specifier: string): Module {
  return load(specifier) as Module;
}
