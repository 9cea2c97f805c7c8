import type { Prng } from '../prng.js';
import { filterParameter, type FilterExpression } from './filter-match.js';

/** One generated list request: filter terms joined with `:`, a page size at an edge, an include subset. */
export interface GeneratedCase {
  operation: 'listSubscriptions' | 'getNodeProducts';
  terms: FilterExpression[];
  /** The small page size the pages are walked with (the relation compares them with 100-record pages). */
  limit: number;
  include?: string;
  language?: string;
}

/** The filter grammar per list (interface.md): operator -> attributes. */
export const GRAMMAR: Readonly<
  Record<GeneratedCase['operation'], Readonly<Record<'eq' | 'in', readonly string[]>>>
> = {
  listSubscriptions: { eq: ['account_id', 'name', 'email', 'external_ref'], in: [] },
  getNodeProducts: {
    eq: ['name', 'sku', 'slug', 'manufacturer_part_num', 'upc_ean', 'product_types', 'tags'],
    in: ['id', 'name', 'sku', 'slug', 'manufacturer_part_num', 'upc_ean', 'product_types', 'tags'],
  },
};

const INCLUDES: Readonly<Record<GeneratedCase['operation'], readonly string[]>> = {
  listSubscriptions: ['plans', 'products'],
  getNodeProducts: ['component_products', 'main_image', 'files'],
};

/** Values no record is likely to hold, made of the characters the grammar must quote. */
const ODD_VALUES = ['a,b', 'x)y', 'p:q', 'say "hi"', "it's", 'back\\slash'];

/** Page sizes at the edges: one record, two, a prime, the default, the most. */
const LIMITS = [1, 2, 7, 25, 99, 100];

/**
 * A case drawn from the grammar. `valuesOf(attribute)` gives values records really hold (so filters often
 * match something); one draw in five is an odd value holding `,` `)` `:` or a quote instead.
 */
export function drawCase(
  random: Prng,
  operation: GeneratedCase['operation'],
  valuesOf: (attribute: string) => readonly string[],
): GeneratedCase {
  const grammar = GRAMMAR[operation];
  const ops = (['eq', 'in'] as const).filter((op) => grammar[op].length > 0);
  const terms: FilterExpression[] = [];
  for (let n = random.int(1, 3); terms.length < n;) {
    const op = random.pick(ops);
    const attribute = random.pick(grammar[op]);
    const known = valuesOf(attribute);
    const value = () =>
      known.length === 0 || random.int(1, 5) === 1 ? random.pick(ODD_VALUES) : random.pick(known);
    const values = op === 'eq' ? [value()] : Array.from({ length: random.int(1, 3) }, value);
    terms.push({ op, attribute, values: [...new Set(values)] });
  }
  const drawn: GeneratedCase = { operation, terms, limit: random.pick(LIMITS) };
  const includes = INCLUDES[operation].filter(() => random.int(0, 2) === 0);
  if (includes.length > 0) drawn.include = includes.join(',');
  if (operation === 'getNodeProducts' && random.int(0, 3) === 0)
    drawn.language = random.pick(['fr-FR', 'de-DE', 'xx-YY']);
  return drawn;
}

/** Smaller cases to try first when a case fails: fewer terms, fewer values, a smaller page, no include. */
export function shrinkCandidates(failing: GeneratedCase): GeneratedCase[] {
  const candidates: GeneratedCase[] = [];
  if (failing.terms.length > 1) {
    failing.terms.forEach((_, i) =>
      candidates.push({ ...failing, terms: failing.terms.filter((__, j) => j !== i) }),
    );
  }
  failing.terms.forEach((term, i) => {
    if (term.values.length > 1) {
      const terms = failing.terms.map((t, j) => (j === i ? { ...t, values: t.values.slice(0, 1) } : t));
      candidates.push({ ...failing, terms });
    }
  });
  if (failing.include !== undefined) {
    const { include: _dropped, ...rest } = failing;
    candidates.push(rest);
  }
  if (failing.language !== undefined) {
    const { language: _dropped, ...rest } = failing;
    candidates.push(rest);
  }
  for (const limit of LIMITS) if (limit < failing.limit) candidates.push({ ...failing, limit });
  return candidates;
}

/**
 * Shrinks a failing case: takes the first smaller candidate that still fails, again and again, within `budget`
 * tries (each try costs requests). `candidates` lists the smaller cases to try, the likeliest first.
 */
export async function shrinkWith<T>(
  failing: T,
  candidates: (failing: T) => readonly T[],
  fails: (candidate: T) => Promise<boolean>,
  budget = 8,
): Promise<{ smallest: T; tries: number }> {
  let smallest = failing;
  let tries = 0;
  for (let progress = true; progress && tries < budget;) {
    progress = false;
    for (const candidate of candidates(smallest)) {
      if (tries >= budget) break;
      tries++;
      if (await fails(candidate)) {
        smallest = candidate;
        progress = true;
        break;
      }
    }
  }
  return { smallest, tries };
}

/** Shrinks a case its judge found breaking a rule: to smaller cases that break the same rule, with the last breach. */
export async function shrinkBreach<C, B extends { rule: string }>(
  drawn: C,
  breach: B,
  candidates: (failing: C) => readonly C[],
  judge: (candidate: C) => Promise<B | undefined>,
): Promise<{ smallest: C; tries: number; last: B }> {
  let last = breach;
  const { smallest, tries } = await shrinkWith(drawn, candidates, async (candidate) => {
    const again = await judge(candidate);
    if (again?.rule !== breach.rule) return false;
    last = again;
    return true;
  });
  return { smallest, tries, last };
}

/** Where a shrunk failure came from and how to replay it: `case 3 of 16, shrunk in 2 tries (drawn: ...); replay: ...`. */
export function shrunkNote(note: {
  number: number;
  count: number;
  only: number | undefined;
  tries: number;
  drawn: string;
  seed: number;
  checkId: string;
}): string {
  const replay = replayArgs(note.seed, note.checkId, note.number);
  return `${caseLabel(note.number, note.count, note.only)}, shrunk in ${note.tries} tries (drawn: ${note.drawn}); replay: ${replay}`;
}

/** Shrinks a failing list case to fewer terms and values, a smaller page, no include or language. */
export function shrink(
  failing: GeneratedCase,
  fails: (candidate: GeneratedCase) => Promise<boolean>,
  budget = 8,
): Promise<{ smallest: GeneratedCase; tries: number }> {
  return shrinkWith(failing, shrinkCandidates, fails, budget);
}

/** The 1-based numbers of the cases a run judges: 1..count, or case K alone when `--case K` asks for it. */
export function caseNumbers(count: number, only: number | undefined): number[] {
  if (only !== undefined) return [only];
  return Array.from({ length: count }, (_, i) => i + 1);
}

/** One failure per rule: the first case that broke it (each already shrunk); later cases repeat it. */
export function firstOfEachRule<T extends { rule: string }>(failures: readonly T[]): T[] {
  const told = new Set<string>();
  return failures.filter((failure) => !told.has(failure.rule) && told.add(failure.rule));
}

/** `case 3 of 16`, or `case 3 (alone)` when --case asked for it. */
export function caseLabel(number: number, total: number, only: number | undefined): string {
  return `case ${number}${only === undefined ? ` of ${total}` : ' (alone)'}`;
}

/** The arguments that replay one case alone: the same seed, the check, the case. */
export function replayArgs(seed: number, checkId: string, caseNumber: number): string {
  return `--seed ${seed} --only ${checkId} --case ${caseNumber}`;
}

/** The case as its query, e.g. `filter=eq(sku,A):in(tags,x,y)&page[limit]=2&include=files`. */
export function describeCase(drawn: GeneratedCase): string {
  const parts = [`filter=${filterParameter(drawn.terms)}`, `page[limit]=${drawn.limit}`];
  if (drawn.include !== undefined) parts.push(`include=${drawn.include}`);
  if (drawn.language !== undefined) parts.push(`accept-language: ${drawn.language}`);
  return `${drawn.operation} ${parts.join('&')}`;
}

/**
 * What is wrong between the ids the relations compare, in words; undefined when every relation holds. A small-page
 * walk stopped at its page bound (`pagedWhole` false) is compared with the filtered list's prefix only.
 */
export function relationProblem(
  filtered: readonly string[],
  paged: readonly string[],
  collection: readonly string[] | undefined,
  perTerm: ReadonlyArray<readonly string[]> | undefined,
  pagedWhole = true,
): { relation: string; detail: string } | undefined {
  const pagedSet = new Set(paged);
  if (pagedSet.size !== paged.length) {
    const repeated = paged.filter((id, i) => paged.indexOf(id) !== i);
    return {
      relation: 'pages partition the filtered list',
      detail: `ids on more than one page: ${repeated.slice(0, 5).join(', ')}`,
    };
  }
  const filteredSet = new Set(filtered);
  const prefix = pagedWhole ? filtered : filtered.slice(0, paged.length);
  const prefixSet = new Set(prefix);
  const onlyPaged = paged.filter((id) => !prefixSet.has(id));
  const onlyWhole = prefix.filter((id) => !pagedSet.has(id));
  if (onlyPaged.length > 0 || onlyWhole.length > 0) {
    return {
      relation: 'small pages hold the same records as 100-record pages',
      detail: `${onlyWhole.length} missing from the small pages, ${onlyPaged.length} only on them`,
    };
  }
  if (collection !== undefined) {
    const all = new Set(collection);
    const outside = filtered.filter((id) => !all.has(id));
    if (outside.length > 0)
      return {
        relation: 'a filtered list is a subset of the unfiltered one',
        detail: `not in the unfiltered list: ${outside.slice(0, 5).join(', ')}`,
      };
  }
  if (perTerm !== undefined && perTerm.length > 1) {
    const sets = perTerm.map((ids) => new Set(ids));
    const intersection = [...(sets[0] ?? [])].filter((id) => sets.every((set) => set.has(id)));
    const extra = filtered.filter((id) => !intersection.includes(id));
    const missing = intersection.filter((id) => !filteredSet.has(id));
    if (extra.length > 0 || missing.length > 0)
      return {
        relation: 'A:B is the intersection of A and B',
        detail: `${missing.length} in every term's list but not in A:B's, ${extra.length} in A:B's only`,
      };
  }
  return undefined;
}
