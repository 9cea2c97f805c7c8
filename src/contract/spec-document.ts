import { join } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { packageRoot } from '../package-root.js';
import { precompiledValidators, type Precompiled } from './precompiled-validators.js';
import { readSpecSource } from './spec-cache.js';

/** The two hand-written documents: the contract, and the mock's own control plane. */
export const specPath = join(packageRoot(), 'spec', 'openapi.yaml');
export const adminSpecPath = join(packageRoot(), 'spec', 'admin.openapi.yaml');

/** The packaged documents parsed, as the build keeps them (see spec-cache.ts). */
export const specCachePath = join(packageRoot(), 'dist', 'spec', 'openapi.json');
export const adminSpecCachePath = join(packageRoot(), 'dist', 'spec', 'admin.openapi.json');

/** Their validators as the build writes them (see standalone-source.ts). */
export const specValidatorsPath = join(packageRoot(), 'dist', 'generated', 'openapi.validators.cjs');
export const adminSpecValidatorsPath = join(
  packageRoot(),
  'dist',
  'generated',
  'admin.openapi.validators.cjs',
);

interface Packaged {
  yamlPath: string;
  cachePath: string;
  validatorsPath: string;
}
const SPEC: Packaged = { yamlPath: specPath, cachePath: specCachePath, validatorsPath: specValidatorsPath };
const ADMIN: Packaged = {
  yamlPath: adminSpecPath,
  cachePath: adminSpecCachePath,
  validatorsPath: adminSpecValidatorsPath,
};

const loaded = new Map<Packaged, { document: OpenAPIV3_1.Document; sourceSha256: string }>();

function load(packaged: Packaged): OpenAPIV3_1.Document {
  let source = loaded.get(packaged);
  if (source === undefined) {
    source = readSpecSource(packaged.yamlPath, packaged.cachePath);
    loaded.set(packaged, source);
  }
  return source.document;
}

/** The contract document, parsed once per process (it is read-only afterwards). */
export function loadSpec(): OpenAPIV3_1.Document {
  return load(SPEC);
}

/** The control plane's document (spec/admin.openapi.yaml), parsed once per process. */
export function loadAdminSpec(): OpenAPIV3_1.Document {
  return load(ADMIN);
}

/** Whether `document` is one of the packaged documents as loadSpec or loadAdminSpec gave it. */
export function isPackaged(document: OpenAPIV3_1.Document): boolean {
  return document === loadSpec() || document === loadAdminSpec();
}

/** The build's validators of `document` when it is a packaged document (used if they were made from its text). */
export function packagedValidators(document: OpenAPIV3_1.Document): Precompiled | undefined {
  for (const packaged of [SPEC, ADMIN]) {
    const source = loaded.get(packaged);
    if (source?.document === document)
      return precompiledValidators(packaged.validatorsPath, document, source.sourceSha256);
  }
  return undefined;
}
