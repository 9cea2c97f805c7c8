// The shape of a schema break as the kit reports it: apart from schema.ts, which validates, so that the
// part-by-part validator (parts-validator.ts) it uses can name these types without importing it back.

/** One schema break, as ajv reports it: where in the body (`instancePath`) and which rule (`keyword`). */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  message: string;
  /** The offending key when the keyword names one (additionalProperties, propertyNames, required...). */
  key?: string;
  schemaPath?: string;
  /** Set when the broken part of the body is shaped by a decision (a spec node marked `x-convention`). */
  convention?: true;
}

/**
 * The distinct schema errors of one body as far as a report needs them: the first few of each source, in the
 * order ajv finds them, and how many there were in all.
 */
export interface SchemaErrors {
  /** The first `keep` breaking the contract and the first `keep` breaking a convention, in the order found. */
  errors: SchemaError[];
  /** Distinct errors of each source, kept or not. */
  count: { contract: number; convention: number };
}
