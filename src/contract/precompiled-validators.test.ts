import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { precompiledValidators } from './spec-document.js';

const folder = mkdtempSync(join(tmpdir(), 'subcat-precompiled-'));
const document: OpenAPIV3_1.Document = {
  openapi: '3.1.0',
  info: { title: 'names', version: '1' },
  paths: {},
  components: { schemas: { Name: { type: 'string' } } },
};
const REF = 'openapi.json#/components/schemas/Name';
/** A module shaped as the build writes it: its one function reports the schema object it was given. */
const modulePath = join(folder, 'name.validators.cjs');
writeFileSync(
  modulePath,
  [
    'exports.sourceSha256 = "abc";',
    `exports.refs = { ${JSON.stringify(REF)}: "v0" };`,
    'exports.validators = (at) => ({ v0: Object.assign(() => true, { schema: at(["components", "schemas", "Name"]) }) });',
  ].join('\n'),
);

describe('precompiledValidators', () => {
  const cases = [
    { why: 'the module was made from the same text', path: modulePath, hash: 'abc', ref: REF, found: true },
    { why: 'the module was made from another text', path: modulePath, hash: 'def', ref: REF, found: false },
    {
      why: 'the module has no function for the ref',
      path: modulePath,
      hash: 'abc',
      ref: `${REF}x`,
      found: false,
    },
    { why: 'there is no module', path: join(folder, 'missing.cjs'), hash: 'abc', ref: REF, found: false },
  ];
  it.each(cases)('when $why, gives a function: $found', ({ path, hash, ref, found }) => {
    const validate = precompiledValidators(path, document, hash)(ref);
    expect(validate !== undefined).toBe(found);
    if (validate !== undefined) expect(validate.schema).toBe(document.components?.schemas?.Name);
  });
});
