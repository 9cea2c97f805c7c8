import { join } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { packageRoot } from '../package-root.js';
import { readSpecDocument } from './spec-cache.js';

/** The two hand-written documents: the contract, and the mock's own control plane. */
export const specPath = join(packageRoot(), 'spec', 'openapi.yaml');
export const adminSpecPath = join(packageRoot(), 'spec', 'admin.openapi.yaml');

/** The packaged documents parsed, as the build keeps them (see spec-cache.ts). */
export const specCachePath = join(packageRoot(), 'dist', 'spec', 'openapi.json');
export const adminSpecCachePath = join(packageRoot(), 'dist', 'spec', 'admin.openapi.json');

const cached = new Map<string, OpenAPIV3_1.Document>();

function load(yamlPath: string, cachePath: string): OpenAPIV3_1.Document {
  let document = cached.get(yamlPath);
  if (document === undefined) {
    document = readSpecDocument(yamlPath, cachePath);
    cached.set(yamlPath, document);
  }
  return document;
}

/** The contract document, parsed once per process (it is read-only afterwards). */
export function loadSpec(): OpenAPIV3_1.Document {
  return load(specPath, specCachePath);
}

/** The control plane's document (spec/admin.openapi.yaml), parsed once per process. */
export function loadAdminSpec(): OpenAPIV3_1.Document {
  return load(adminSpecPath, adminSpecCachePath);
}
