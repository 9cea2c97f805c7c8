import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { conventionAt } from './convention-at.js';
import type { SchemaError, SchemaErrors } from './schema-error.js';
import { firstSegment, mayRepeat, splitOf, type SchemaSplit } from './schema-parts.js';
import { pointerSegment, type SpecDocument } from './spec.js';

/**
 * Validates a body part by part (schema-parts.ts) and counts its errors as it goes, keeping only the first
 * few of each source: what a report needs, without ever holding a page's worth of ajv errors at once.
 * @example new PartsValidator(ajv, doc, openDoc, 'spec', compile).tally('/components/schemas/Page', body, 20, true)
 */
export class PartsValidator {
  private readonly splits = new Map<string, SchemaSplit | null>();
  private readonly shells = new Map<string, ValidateFunction>();
  private readonly marks = new Map<string, boolean>();
  /** Whether a part's schema may tell one break twice (see mayRepeat), by part. */
  private readonly repeats = new Map<string, boolean>();
  /** Every member name a schema of the document declares (`properties` keys). */
  private readonly declared: ReadonlySet<string>;
  private readonly shapes = new Map<string, boolean>();

  constructor(
    private readonly ajv: Ajv2020,
    /** The document as written: where x-convention marks are read. */
    private readonly doc: SpecDocument,
    /** The document as ajv knows it under `specId` (objects open): what parts are split by. */
    private readonly openDoc: unknown,
    private readonly specId: string,
    /** The validator of the schema at a pointer of the document, compiled once. */
    private readonly compiledAt: (pointer: string) => ValidateFunction,
  ) {
    this.declared = declaredMembers(doc);
  }

  /**
   * The distinct errors of `value` against the schema at `pointer`: the first `keep` of each source, all
   * counted. Validated part by part (schema-parts.ts), each part's errors are de-duplicated where its schema
   * may repeat one (combinators; two parts never share a path), marked, counted and dropped, so a body's
   * errors are never all held at once. With `conventions`, an error is marked when a schema on the way to
   * it is `x-convention` (conventionAt, walked once per shape of path).
   */
  tally(pointer: string, value: unknown, keep: number, conventions: boolean): SchemaErrors {
    const result: SchemaErrors = { errors: [], count: { contract: 0, convention: 0 } };
    const kept = { contract: 0, convention: 0 };
    this.inParts(pointer, value, '', false, (part, from, to) => {
      const seen = part.repeats ? new Set<string>() : undefined;
      // Within a part, errors pile up at a few paths (a map's bad keys all sit at the map).
      let marks: Map<string, boolean> | undefined;
      for (let index = from; index < to; index++) {
        const error = part.errors[index] as ErrorObject;
        const key = keyOf(error);
        if (seen !== undefined) {
          const id = `${error.instancePath}\u0000${error.keyword}\u0000${key ?? ''}\u0000${error.message ?? ''}`;
          if (seen.has(id)) continue;
          seen.add(id);
        }
        let convention = conventions && part.convention;
        if (conventions && !convention) {
          const missing = error.keyword === 'required' ? key : undefined;
          const where = missing === undefined ? error.instancePath : `${error.instancePath}\u0000${missing}`;
          marks ??= new Map();
          const known = marks.get(where);
          convention = known ?? this.conventionOf(part.pointer, error.instancePath, missing);
          if (known === undefined) marks.set(where, convention);
        }
        const source = convention ? 'convention' : 'contract';
        result.count[source]++;
        if (kept[source] >= keep) continue;
        kept[source]++;
        const found = toSchemaError(error, part.at);
        result.errors.push(convention ? { ...found, convention: true } : found);
      }
    });
    return result;
  }

  /**
   * ajv's errors of `value` part by part, in ajv's order: each part's errors go to `found` (a range of them
   * at a time). `convention` says whether a schema on the way from the root to this part is `x-convention`:
   * along a chain of parts (declared members, items) that is the same walk conventionAt makes, cut where the
   * parts meet.
   */
  private inParts(
    pointer: string,
    value: unknown,
    at: string,
    convention: boolean,
    found: (part: PartErrors, from: number, to: number) => void,
  ): void {
    const marked = convention || this.markedAt(pointer);
    const split = this.splitAt(pointer);
    if (split?.kind === 'array' && Array.isArray(value)) {
      const own = errorsOf(this.shellOf(split), value);
      if (own.length > 0) found(this.part(own, at, split.pointer, marked, true), 0, own.length);
      for (let index = 0; index < value.length; index++)
        this.inParts(split.items, value[index], `${at}/${index}`, marked, found);
      return;
    }
    if (split?.kind === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      // ajv tells an object's own keywords (required, propertyNames, undeclared members) first, then each
      // declared member in the schema's order, each member's errors together: the parted members are
      // validated at their turn, the others' errors are the shell's run of errors under them.
      const own = errorsOf(this.shellOf(split), value);
      const part = own.length === 0 ? undefined : this.part(own, at, split.pointer, marked, true);
      let next = part === undefined ? 0 : runOf(own, 0, split.declared, undefined);
      if (part !== undefined && next > 0) found(part, 0, next);
      const members = value as Record<string, unknown>;
      for (const { name, parted } of split.members) {
        if (parted) {
          if (members[name] === undefined) continue;
          const member = pointerSegment(name);
          this.inParts(
            `${split.pointer}/properties/${member}`,
            members[name],
            `${at}/${member}`,
            marked,
            found,
          );
        } else if (part !== undefined && next < own.length) {
          const end = runOf(own, next, split.declared, name);
          if (end > next) found(part, next, end);
          next = end;
        }
      }
      // Whatever ajv told out of that order (none seen so far) is still counted.
      if (part !== undefined && next < own.length) found(part, next, own.length);
      return;
    }
    const errors = errorsOf(this.compiledAt(pointer), value);
    if (errors.length > 0) found(this.part(errors, at, pointer, marked, false), 0, errors.length);
  }

  private part(
    errors: readonly ErrorObject[],
    at: string,
    pointer: string,
    convention: boolean,
    shell: boolean,
  ): PartErrors {
    const key = `${shell ? 'shell' : 'whole'}#${pointer}`;
    let repeats = this.repeats.get(key);
    if (repeats === undefined) {
      const split = shell ? this.splitAt(pointer) : undefined;
      const schema = split === undefined ? { $ref: `${this.specId}#${pointer}` } : split.shell;
      repeats = mayRepeat(this.openDoc, schema, this.specId);
      this.repeats.set(key, repeats);
    }
    return { errors, at, pointer, convention, repeats };
  }

  /**
   * conventionAt, asked once per shape of path: a segment no schema of the document declares leads where any
   * other such segment leads (an index to `items`, a map key to `additionalProperties`), so `/tiers/a/price`
   * is answered as `/tiers/b/price` was.
   */
  private conventionOf(pointer: string, instancePath: string, missing: string | undefined): boolean {
    const shape = instancePath
      .split('/')
      .map((raw) => {
        const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
        if (this.declared.has(segment) || segment in Object.prototype) return segment;
        return /^\d+$/.test(segment) ? '0' : '\u0000';
      })
      .join('\u0001');
    const key = `${pointer}\u0001${missing ?? ''}\u0001${shape}`;
    let convention = this.shapes.get(key);
    if (convention === undefined) {
      convention = conventionAt(this.doc, pointer, instancePath, missing);
      this.shapes.set(key, convention);
    }
    return convention;
  }

  /** Whether the schema at a pointer, or a `$ref` on the way to it, is marked `x-convention`. */
  private markedAt(pointer: string): boolean {
    let marked = this.marks.get(pointer);
    if (marked === undefined) {
      marked = conventionAt(this.doc, pointer, '');
      this.marks.set(pointer, marked);
    }
    return marked;
  }

  private splitAt(pointer: string): SchemaSplit | undefined {
    let split = this.splits.get(pointer);
    if (split === undefined) {
      split = splitOf(this.openDoc, pointer, this.specId) ?? null;
      this.splits.set(pointer, split);
    }
    return split ?? undefined;
  }

  private shellOf(split: SchemaSplit): ValidateFunction {
    let validate = this.shells.get(split.pointer);
    if (validate === undefined) {
      validate = this.ajv.compile(split.shell);
      this.shells.set(split.pointer, validate);
    }
    return validate;
  }
}

/**
 * ajv's errors of one validation, without the half of each propertyNames break told twice (the inner keyword
 * without the key; propertyNames itself names it). The function lets go of them: a validator holds its last
 * errors until its next call, which would keep a whole page's worth alive.
 */
const NO_ERRORS: readonly ErrorObject[] = [];

/** One part's errors: where the part sits in the body, its schema, and whether a convention shapes it. */
interface PartErrors {
  errors: readonly ErrorObject[];
  at: string;
  pointer: string;
  convention: boolean;
  /** Whether the part's schema may tell one break twice, so its errors need de-duplicating. */
  repeats: boolean;
}

/**
 * The end of the run of errors from `from` on that sit under the declared member `member` (undefined: under
 * no declared member, i.e. the object's own keywords).
 */
function runOf(
  errors: readonly ErrorObject[],
  from: number,
  declared: ReadonlySet<string>,
  member: string | undefined,
): number {
  let end = from;
  for (; end < errors.length; end++) {
    const first = firstSegment((errors[end] as ErrorObject).instancePath);
    const under = first !== undefined && declared.has(first) ? first : undefined;
    if (under !== member) break;
  }
  return end;
}

export function errorsOf(validate: ValidateFunction, value: unknown): readonly ErrorObject[] {
  if (validate(value)) return NO_ERRORS;
  const errors = (validate.errors ?? []).filter((error) => !error.schemaPath.includes('/propertyNames/'));
  validate.errors = null;
  return errors;
}

const KEY_PARAMS = ['additionalProperty', 'unevaluatedProperty', 'missingProperty', 'propertyName'] as const;

/** The member an error names (additionalProperties, propertyNames, required...), if any. */
function keyOf(error: ErrorObject): string | undefined {
  const params = (error.params ?? {}) as Record<string, unknown>;
  for (const name of KEY_PARAMS) {
    const value = params[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

export function toSchemaError(error: ErrorObject, at: string): SchemaError {
  const key = keyOf(error);
  const message = error.message ?? error.keyword;
  return {
    instancePath: `${at}${error.instancePath}`,
    keyword: error.keyword,
    // ajv names a missing property in its message but not an extra one: the key is added where absent.
    message: key !== undefined && !message.includes(`'${key}'`) ? `${message}: '${key}'` : message,
    ...(key === undefined ? {} : { key }),
    // A part's schema names the document its refs lead to (schema-parts.ts): paths read as if it did not.
    schemaPath: error.schemaPath.replace(/^[^#]+#/, '#'),
  };
}

/** The keys of every `properties` object in a document. */
export function declaredMembers(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) declaredMembers(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'properties' && inner !== null && typeof inner === 'object' && !Array.isArray(inner))
        for (const name of Object.keys(inner)) into.add(name);
      declaredMembers(inner, into);
    }
  }
  return into;
}
