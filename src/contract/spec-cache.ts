import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { requireNow } from '../load-module.js';
import { dirname } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';

// Parsing the spec as YAML costs every start-up far more than JSON.parse of the same document. So the build keeps the parsed document as JSON, with the hash of the YAML text it came
// from: spec/openapi.yaml stays the one hand-written source, and an edited spec never meets a stale copy.

/**
 * A YAML document parsed. The yaml package is 72 modules, loaded on every start-up otherwise, and only a stale
 * cache or another spec file needs it, so it is loaded on first use.
 */
export function parseSpecYaml(yamlText: string): OpenAPIV3_1.Document {
  const yaml = requireNow<typeof import('yaml')>('yaml');
  return yaml.parse(yamlText) as OpenAPIV3_1.Document;
}

/** What the build writes: the document and the SHA-256 of the YAML text it was parsed from. */
interface SpecCacheFile {
  source_sha256: string;
  document: OpenAPIV3_1.Document;
}

export function sourceHash(yamlText: string): string {
  return createHash('sha256').update(yamlText).digest('hex');
}

/**
 * The document in `cacheText` if it was parsed from exactly `yamlText`; undefined when the cache is
 * missing, unreadable or from another text (then the caller parses the YAML).
 */
export function cachedDocument(
  yamlText: string,
  cacheText: string | undefined,
): OpenAPIV3_1.Document | undefined {
  if (cacheText === undefined) return undefined;
  try {
    const cache = JSON.parse(cacheText) as Partial<SpecCacheFile> | null;
    if (cache?.source_sha256 !== sourceHash(yamlText)) return undefined;
    return typeof cache.document === 'object' && cache.document !== null ? cache.document : undefined;
  } catch {
    return undefined;
  }
}

/** The document of `yamlPath`, from the cache at `cachePath` when it matches, else parsed from YAML. */
export function readSpecDocument(yamlPath: string, cachePath: string): OpenAPIV3_1.Document {
  return readSpecSource(yamlPath, cachePath).document;
}

/** The document of `yamlPath` (as readSpecDocument) and the hash of the YAML text it is. */
export function readSpecSource(
  yamlPath: string,
  cachePath: string,
): { document: OpenAPIV3_1.Document; sourceSha256: string } {
  const yamlText = readFileSync(yamlPath, 'utf8');
  const document = cachedDocument(yamlText, readIfPresent(cachePath)) ?? parseSpecYaml(yamlText);
  return { document, sourceSha256: sourceHash(yamlText) };
}

/** Parses `yamlPath` and writes the cache `readSpecDocument` reads (the build runs it). */
export function writeSpecCache(yamlPath: string, cachePath: string): void {
  const yamlText = readFileSync(yamlPath, 'utf8');
  const cache: SpecCacheFile = {
    source_sha256: sourceHash(yamlText),
    document: parseSpecYaml(yamlText),
  };
  mkdirSync(dirname(cachePath), { recursive: true });
  writeFileSync(cachePath, JSON.stringify(cache));
}

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
