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

/** The most violations one answer lists (decisions.md, Errors); the rest are only counted. */
export const MAX_LISTED = 50;

/**
 * The violations of one request: the first MAX_LISTED described, the rest counted in `omitted`. Describing
 * costs more than finding (words, escaped pointers), so no more are described than an answer lists.
 */
export class Findings {
  readonly violations: Violation[] = [];
  omitted = 0;

  /** Records one violation; `describe` runs only while the list has room. */
  add(describe: () => Violation): void {
    if (this.violations.length < MAX_LISTED) this.violations.push(describe());
    else this.omitted++;
  }

  /** Records violations already described (parameters, conflicts): past the room they are counted. */
  addAll(violations: readonly Violation[]): void {
    for (const violation of violations) this.add(() => violation);
  }

  get found(): number {
    return this.violations.length + this.omitted;
  }
}
