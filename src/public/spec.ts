import type { OpenAPIV3_1 } from 'openapi-types';
import { adminSpecPath, loadAdminSpec, loadSpec, specPath } from '../contract/spec-document.js';

/**
 * `subcat/spec`: the contract as OpenAPI 3.1, parsed (the same object on every import), and where its YAML is.
 * @example import { spec } from 'subcat/spec'; Object.keys(spec.paths ?? {}) // the four operations' paths
 */
export const spec: OpenAPIV3_1.Document = loadSpec();

/** The control plane's own document (reset, snapshots, journal, faults, sessions). */
export const adminSpec: OpenAPIV3_1.Document = loadAdminSpec();

export { adminSpecPath, specPath };
