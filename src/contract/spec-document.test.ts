import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cachedDocument, readSpecSource, sourceHash, specPath, writeSpecCache } from './spec-document.js';

const readSpecDocument = (yamlPath: string, cachePath: string) =>
  readSpecSource(yamlPath, cachePath).document;

const YAML = 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths: {}\n';
const DOCUMENT = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} };
const cacheOf = (sha: string, document: unknown = DOCUMENT) =>
  JSON.stringify({ source_sha256: sha, document });

describe('cachedDocument', () => {
  const cases = [
    { why: 'the hash of the same text', cache: cacheOf(sourceHash(YAML)), expected: DOCUMENT },
    { why: 'no cache', cache: undefined, expected: undefined },
    { why: 'the hash of another text', cache: cacheOf(sourceHash(`${YAML}# edited\n`)), expected: undefined },
    { why: 'a cache that is not JSON', cache: '{"source_sha256": ', expected: undefined },
    { why: 'a JSON null', cache: 'null', expected: undefined },
    { why: 'no document', cache: JSON.stringify({ source_sha256: sourceHash(YAML) }), expected: undefined },
    { why: 'a null document', cache: cacheOf(sourceHash(YAML), null), expected: undefined },
  ];
  it.each(cases)('answers $why', ({ cache, expected }) => {
    expect(cachedDocument(YAML, cache)).toEqual(expected);
  });
});

describe('readSpecDocument', () => {
  const dir = mkdtempSync(join(tmpdir(), 'subcat-spec-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads what writeSpecCache wrote, equal to parsing the YAML, and parses the YAML once it changed', () => {
    const yamlPath = join(dir, 'openapi.yaml');
    const cachePath = join(dir, 'built', 'openapi.json');
    writeFileSync(yamlPath, YAML);
    writeSpecCache(yamlPath, cachePath);
    expect(readSpecDocument(yamlPath, cachePath)).toEqual(DOCUMENT);
    // Edited after the build: the cache no longer matches, so the YAML is what counts.
    writeFileSync(yamlPath, YAML.replace('title: t', 'title: edited'));
    expect(readSpecDocument(yamlPath, cachePath).info.title).toBe('edited');
  });

  it('gives the packaged spec exactly as the YAML parser does', () => {
    const cachePath = join(dir, 'packaged.json');
    writeSpecCache(specPath, cachePath);
    expect(readSpecDocument(specPath, cachePath)).toEqual(parse(readFileSync(specPath, 'utf8')));
  });
});
