import { join } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { packageRoot } from '../package-root.js';
import { readSpecDocument } from './spec-cache.js';

export const specPath = join(packageRoot(), 'spec', 'openapi.yaml');

/** The packaged spec parsed, as the build keeps it (see spec-cache.ts). */
export const specCachePath = join(packageRoot(), 'dist', 'spec', 'openapi.json');

let cached: OpenAPIV3_1.Document | undefined;

/** The contract document, parsed once per process (it is read-only afterwards). */
export function loadSpec(): OpenAPIV3_1.Document {
  cached ??= readSpecDocument(specPath, specCachePath);
  return cached;
}
