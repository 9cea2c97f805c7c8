/** One broken rule: where (body pointer or parameter/header name), which schema keyword, and words to act on. */
export interface Violation {
  in: 'body' | 'query' | 'path' | 'header';
  /** JSON Pointer into the body (`/data/email`), or the parameter / header name (`page[limit]`). */
  at: string;
  keyword: string;
  detail: string;
}

/** Validates one value; an empty array means valid. */
export type Validate = (value: unknown) => Violation[];
