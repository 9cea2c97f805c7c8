/**
 * The JSON texts of immutable records, each rendered once and then joined into pages: the measured layer of
 * speed besides the whole-response cache (bench/results.md: without it a list page costs several times
 * more). A text is kept under a group, everything it depends on besides its record (language, link base,
 * view), and the record itself. Bounded by total length in two generations: new texts go to the young one;
 * when it is full the old one is dropped and the young one becomes old; a text found in the old generation
 * moves back, so texts in use survive. Records are held weakly: an update's superseded record and its text
 * die young, where held strongly every plan switch's 2 KB text outlived two scavenges (50 MB promoted in
 * 20,000 switches). One memo per mock: two mocks in a process share nothing.
 * @example
 * const memo = new TextMemo(16 * 1024 * 1024);
 * const text = memo.text('en-US', record, () => JSON.stringify(encode(record)));
 */
export class TextMemo {
  #young = new Map<string, WeakMap<object, string>>();
  #old = new Map<string, WeakMap<object, string>>();
  #youngChars = 0;

  /** @param maxChars the most UTF-16 code units the kept texts hold together (0 keeps nothing). */
  constructor(readonly maxChars: number) {}

  /** The text of `record` in `group`, rendered by `render` when not kept. */
  text(group: string, record: object, render: () => string): string {
    const young = this.#young.get(group)?.get(record);
    if (young !== undefined) return young;
    const text = this.#old.get(group)?.get(record) ?? render();
    this.keep(group, record, text);
    return text;
  }

  private keep(group: string, record: object, text: string): void {
    if (text.length > this.maxChars / 2) return;
    if (this.#youngChars + text.length > this.maxChars / 2) {
      this.#old = this.#young;
      this.#young = new Map();
      this.#youngChars = 0;
    }
    let texts = this.#young.get(group);
    if (texts === undefined) {
      texts = new WeakMap();
      this.#young.set(group, texts);
    }
    texts.set(record, text);
    this.#youngChars += text.length;
  }
}
