import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readSpecSource, writeSpecCache } from './spec-cache.js';
import {
  adminSpecCachePath,
  adminSpecPath,
  adminSpecValidatorsPath,
  specCachePath,
  specPath,
  specValidatorsPath,
} from './spec-document.js';
import { standaloneSource } from './standalone-source.js';

// Run by `npm run build` and the quick build, after compiling: keeps the parsed packaged documents beside the
// build, and their request validators as plain functions.
for (const [yamlPath, cachePath, validatorsPath] of [
  [specPath, specCachePath, specValidatorsPath],
  [adminSpecPath, adminSpecCachePath, adminSpecValidatorsPath],
] as const) {
  writeSpecCache(yamlPath, cachePath);
  const { document, sourceSha256 } = readSpecSource(yamlPath, cachePath);
  mkdirSync(dirname(validatorsPath), { recursive: true });
  writeFileSync(validatorsPath, standaloneSource(document, sourceSha256));
}
