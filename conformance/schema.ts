import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import { errorsOf, PartsValidator, toSchemaError } from './parts-validator.js';
import type { SchemaError, SchemaErrors } from './schema-error.js';
import {
  loadSpec,
  pointerSegment,
  resolveLocal,
  specOperations,
  type SpecDocument,
  type SpecOperation,
} from './spec.js';

export type { SchemaError, SchemaErrors } from './schema-error.js';

/** Where a response's schema lives in the spec and which response entry supplied it. */
export interface ResponseSchema {
  /** JSON pointer of the schema inside the document. */
  pointer: string;
  /** The `responses` key used: the exact status, its range (`4XX`) or `default`. */
  key: string;
}

const SPEC_ID = 'subcat-spec';
/** The document as written: request bodies the kit builds are checked against the closed objects. */
const CLOSED_SPEC_ID = 'subcat-spec-closed';
const JSON_MEDIA = /^application\/([\w.+-]*\+)?json$/i;

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
const addFormats: FormatsPlugin =
  (formatsModule as unknown as { default?: FormatsPlugin }).default ??
  (formatsModule as unknown as FormatsPlugin);

/**
 * The spec's schemas, compiled once per (operation, status) on first use and reused for the whole run.
 *
 * Responses are checked as *open* objects: the contract lists fields, it does not close objects, so an
 * implementation may add fields. Every `additionalProperties: false` / `unevaluatedProperties: false` is
 * dropped from the kit's copy of the document (a schema-valued `additionalProperties`, which types the
 * values of a map such as a price keyed by currency, is kept). Dropping the keyword rather than filtering
 * its errors afterwards keeps `oneOf`/`anyOf` verdicts honest: a branch rejected only for an extra field
 * would otherwise surface as an opaque "must match exactly one schema".
 */
export class SpecValidator {
  private readonly ajv: Ajv2020;
  private readonly operations: Map<string, SpecOperation>;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly parts: PartsValidator;
  /** Stops at a body's first error: a valid body (most of them) is told valid in one pass, without the parts. */
  private readonly firstError: Ajv2020;
  private readonly quick = new Map<string, ValidateFunction>();

  constructor(private readonly doc: SpecDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    // RFC 3986 forbids raw `[ ]` in a query, yet servers of this API family write page[offset] links that
    // way and every browser and HTTP client follows them: a link is a URI when the WHATWG URL parser takes
    // it as absolute and it holds no whitespace.
    this.ajv.addFormat('uri', { type: 'string', validate: isAbsoluteUri });
    const openDoc = openObjects(doc);
    this.ajv.addSchema(openDoc as object, SPEC_ID, undefined, false);
    // The quick pass only answers valid or not: its refs are compiled once and shared rather than inlined in
    // every schema that uses them, and the spec is not checked against the meta-schema (compiling that costs a
    // quarter of a second of every run; the spec's own tests validate it).
    this.firstError = new Ajv2020({
      strict: false,
      allErrors: false,
      validateFormats: true,
      inlineRefs: false,
      validateSchema: false,
    });
    addFormats(this.firstError);
    this.firstError.addFormat('uri', { type: 'string', validate: isAbsoluteUri });
    this.firstError.addSchema(openDoc as object, SPEC_ID, undefined, false);
    this.ajv.addSchema(doc, CLOSED_SPEC_ID, undefined, false);
    this.operations = specOperations(doc);
    this.parts = new PartsValidator(this.ajv, doc, openDoc, SPEC_ID, (pointer) => this.compiledAt(pointer));
  }

  operation(operationId: string): SpecOperation | undefined {
    return this.operations.get(operationId);
  }

  /** The schema for a response: exact status, its range (`4XX`), another documented 2xx for a 2xx, `default`. */
  responseSchema(operationId: string, status: number): ResponseSchema | undefined {
    const operation = this.operations.get(operationId);
    if (operation === undefined) return undefined;
    const responses = resolveLocal(this.doc, `${operation.pointer}/responses`);
    if (responses.value === null || typeof responses.value !== 'object') return undefined;
    const entries = responses.value as Record<string, unknown>;
    const code = String(status);
    const range = `${code[0] ?? ''}XX`;
    // A success code the spec does not list (200 where it documents 201) is still checked against the
    // documented success body: the exact code is a convention, the body shape is not.
    const otherSuccess = code.startsWith('2')
      ? Object.keys(entries).find((k) => /^2\d\d$/.test(k))
      : undefined;
    const key = [code, range, range.toLowerCase(), otherSuccess, 'default'].find(
      (candidate) => candidate !== undefined && candidate in entries,
    );
    if (key === undefined) return undefined;
    const pointer = jsonSchemaPointer(this.doc, `${responses.pointer}/${pointerSegment(key)}`);
    return pointer === undefined ? undefined : { pointer, key };
  }

  /**
   * Schema errors of a response body, at most `keep` of each source and all counted; none when valid or when
   * the spec defines no body for it. Parts shaped by a convention (`x-convention`) are marked.
   */
  validateResponse(operationId: string, status: number, body: unknown, keep: number): SchemaErrors {
    const schema = this.responseSchema(operationId, status);
    if (schema === undefined || this.valid(schema.pointer, body)) return noErrors();
    return this.parts.tally(schema.pointer, body, keep, true);
  }

  /** Schema errors of a value against the schema at a pointer (e.g. `/components/schemas/Error`), bounded as above. */
  validateBounded(pointer: string, value: unknown, keep: number): SchemaErrors {
    if (this.valid(pointer, value)) return noErrors();
    return this.parts.tally(pointer, value, keep, false);
  }

  /**
   * Compiles now what telling the documented 2xx bodies of these operations valid needs, which the first
   * answers would otherwise wait for (the run does it while its probe is out).
   */
  prepare(operationIds: Iterable<string>): void {
    for (const operationId of new Set(operationIds)) {
      const operation = this.operations.get(operationId);
      const responses =
        operation === undefined ? undefined : resolveLocal(this.doc, `${operation.pointer}/responses`).value;
      if (responses === null || typeof responses !== 'object') continue;
      for (const key of Object.keys(responses).filter((code) => /^2\d\d$/.test(code))) {
        const schema = this.responseSchema(operationId, Number(key));
        if (schema !== undefined) this.quickAt(schema.pointer);
      }
    }
  }

  /** Whether a value is valid against the open schema at a pointer, told at its first error. */
  private valid(pointer: string, value: unknown): boolean {
    const validate = this.quickAt(pointer);
    const valid = validate(value);
    validate.errors = null;
    return valid;
  }

  private quickAt(pointer: string): ValidateFunction {
    let validate = this.quick.get(pointer);
    if (validate === undefined) {
      validate = this.firstError.compile({ $ref: `${SPEC_ID}#${pointer}` });
      this.quick.set(pointer, validate);
    }
    return validate;
  }

  /** Schema errors of a request body against the operation's requestBody (the kit checks its own inputs). */
  validateRequest(operationId: string, body: unknown): SchemaError[] {
    const operation = this.operations.get(operationId);
    if (operation === undefined)
      return [{ instancePath: '', keyword: 'operation', message: `no ${operationId}` }];
    const pointer = jsonSchemaPointer(this.doc, `${operation.pointer}/requestBody`);
    return pointer === undefined ? [] : this.validateAt(pointer, body, CLOSED_SPEC_ID);
  }

  /** Every schema error of a small value (the kit's own request bodies) against the schema at a pointer. */
  validateAt(pointer: string, value: unknown, specId = SPEC_ID): SchemaError[] {
    return errorsOf(this.compiledAt(pointer, specId), value).map((error) => toSchemaError(error, ''));
  }

  private compiledAt(pointer: string, specId = SPEC_ID): ValidateFunction {
    const key = `${specId}#${pointer}`;
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: key });
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

const noErrors = (): SchemaErrors => ({ errors: [], count: { contract: 0, convention: 0 } });

/** Pointer of the JSON schema of a response or request body object (following `$ref`s), if it has one. */
function jsonSchemaPointer(doc: SpecDocument, objectPointer: string): string | undefined {
  const resolved = resolveLocal(doc, objectPointer);
  const content = (resolved.value as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  if (content === undefined || content === null) return undefined;
  const media = Object.keys(content).find((type) => JSON_MEDIA.test(type.split(';')[0]?.trim() ?? ''));
  if (media === undefined || content[media]?.schema === undefined) return undefined;
  return `${resolved.pointer}/content/${pointerSegment(media)}/schema`;
}

let packaged: SpecValidator | undefined;
/** The packaged spec's validator, one per process: it keeps no run's state, and each run compiled its schemas again. */
export function packagedValidator(): SpecValidator {
  return (packaged ??= new SpecValidator(loadSpec()));
}

/** Re-exported: the x-convention walk lives in convention-at.ts. */
export { conventionAt } from './convention-at.js';

/** A deep copy without the keywords that close objects (see SpecValidator). */
export function openObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(openObjects);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if ((key === 'additionalProperties' || key === 'unevaluatedProperties') && inner === false) continue;
    copy[key] = openObjects(inner);
  }
  return copy;
}

/** Whether a content-type header names JSON (`application/json`, `application/vnd.api+json`, with parameters). */
export function isJsonContentType(header: string | undefined): boolean {
  if (header === undefined) return false;
  return JSON_MEDIA.test(header.split(';')[0]?.trim() ?? '');
}

/** The kit's `uri` format: an absolute URL as WHATWG URL parses it, without whitespace or control characters. */
export function isAbsoluteUri(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a URI must not hold.
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
