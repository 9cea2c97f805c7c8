import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PACKAGED, readSpecSource, writeSpecCache } from './spec-document.js';
import { standaloneSource } from './standalone-source.js';

// Run by `npm run build` after compiling: the packaged documents parsed, and their request validators as functions.
for (const { yamlPath, cachePath, validatorsPath } of PACKAGED) {
  writeSpecCache(yamlPath, cachePath);
  const { document, sourceSha256 } = readSpecSource(yamlPath, cachePath);
  mkdirSync(dirname(validatorsPath), { recursive: true });
  writeFileSync(validatorsPath, standaloneSource(document, sourceSha256));
}
