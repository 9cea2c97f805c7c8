/** One generation of the cache: texts by group, then by the record they were rendered from. */
type Generation = Map<string, Map<object, string>>;

/**
 * Rendered JSON texts keyed by a group (everything a text depends on besides its record, e.g. language and
 * link base) and the record itself, bounded by their total length so a long-running mock that is asked for
 * every product in every language keeps a working set, not the whole catalog. Two generations: new texts
 * go to the young one; when it is full the old one is dropped and the young one becomes old; a text found
 * in the old generation moves back to the young one, so texts in use survive.
 * @example
 * const cache = new TextCache(1_000_000);
 * const text = cache.get(group, product) ?? cache.set(group, product, JSON.stringify(render(product)));
 */
export class TextCache {
  #young: Generation = new Map();
  #old: Generation = new Map();
  #youngChars = 0;
  #oldChars = 0;

  /** @param maxChars the most UTF-16 code units the cached texts hold together (0 caches nothing). */
  constructor(readonly maxChars: number) {}

  /** Code units held by the cached texts (a text in both generations counts twice). */
  get chars(): number {
    return this.#youngChars + this.#oldChars;
  }

  get(group: string, record: object): string | undefined {
    const young = this.#young.get(group)?.get(record);
    if (young !== undefined) return young;
    const old = this.#old.get(group)?.get(record);
    return old === undefined ? undefined : this.set(group, record, old);
  }

  /** Keeps `text` for (group, record) and returns it. */
  set(group: string, record: object, text: string): string {
    if (text.length > this.maxChars / 2) return text;
    if (this.#youngChars + text.length > this.maxChars / 2) {
      this.#old = this.#young;
      this.#oldChars = this.#youngChars;
      this.#young = new Map();
      this.#youngChars = 0;
    }
    let texts = this.#young.get(group);
    if (texts === undefined) {
      texts = new Map();
      this.#young.set(group, texts);
    }
    const previous = texts.get(record);
    texts.set(record, text);
    this.#youngChars += text.length - (previous?.length ?? 0);
    return text;
  }
}
