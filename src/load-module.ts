import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/** A package or CommonJS file loaded now, typed as its import: what only some runs need (ajv, yaml, pino). */
export function requireNow<Module>(specifier: string): Module {
  return load(specifier) as Module;
}
