import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3_1 } from 'openapi-types';
import { readSpecDocument } from './spec-cache.js';

/** The package root, found by walking up from this file: the same code runs from src/ (tests) and dist/src/ (built). */
export function packageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const specPath = join(packageRoot(), 'spec', 'openapi.yaml');

/** The packaged spec parsed, as the build keeps it (see spec-cache.ts). */
export const specCachePath = join(packageRoot(), 'dist', 'spec', 'openapi.json');

let cached: OpenAPIV3_1.Document | undefined;

/** The contract document, parsed once per process (it is read-only afterwards). */
export function loadSpec(): OpenAPIV3_1.Document {
  cached ??= readSpecDocument(specPath, specCachePath);
  return cached;
}
