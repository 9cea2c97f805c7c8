import { requireNow } from '../load-module.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { OpenAPIV3_1 } from 'openapi-types';
import { isJsonObject as isObject } from './json-pointer.js';

/** The id the document is added under: every compiled schema is `openapi.json#/pointer/to/it`. */
export const SPEC_ID = 'openapi.json';
/** Keywords OpenAPI adds to JSON Schema (and the document's own top level): known, never validated. */
const OPENAPI_KEYWORDS = `openapi info servers paths components security tags webhooks jsonSchemaDialect
  externalDocs discriminator example xml`.split(/\s+/);

/** A strict, verbose ajv holding `document`, loaded (90 modules) only when used; `source` keeps code for the build. */
export function createAjv(document: OpenAPIV3_1.Document, { source = false } = {}): Ajv2020 {
  const { Ajv2020: Ajv } = requireNow<typeof import('ajv/dist/2020.js')>('ajv/dist/2020.js');
  const addFormats = requireNow<{ default: (ajv: Ajv2020) => void }>('ajv-formats').default;
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    strict: true,
    strictTypes: false,
    allowUnionTypes: true,
    // The meta-schema would check only the document's top level (OpenAPI's keywords); each schema is checked as compiled.
    validateSchema: false,
    meta: false,
    code: { source },
  });
  addFormats(ajv);
  const extensions = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (isObject(node))
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('x-')) extensions.add(key);
        collect(value);
      }
  };
  collect(document.components ?? {});
  collect(document.paths ?? {});
  for (const keyword of [...OPENAPI_KEYWORDS, ...extensions]) ajv.addKeyword(keyword);
  ajv.addSchema(document, SPEC_ID);
  return ajv;
}
