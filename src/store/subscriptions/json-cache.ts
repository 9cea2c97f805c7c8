/**
 * The JSON text of immutable objects, rendered once per object and kept while the object lives: stored
 * offerings, products, plans and records never change (a write stores a new object), so their text cannot
 * go stale, and a page that shows them again only joins strings. At most `limit` texts are kept: past it
 * the cache starts afresh, so memory stays bounded however many objects are ever shown.
 * @example const offerings = new JsonCache<Offering>(); offerings.text(entry.offering) // JSON.stringify, once
 */
export class JsonCache<T extends object> {
  private texts = new WeakMap<T, string>();
  private held = 0;

  constructor(
    private readonly render: (value: T) => string = JSON.stringify,
    readonly limit = Number.POSITIVE_INFINITY,
  ) {}

  text(value: T): string {
    let text = this.texts.get(value);
    if (text === undefined) {
      text = this.render(value);
      if (this.held >= this.limit) {
        this.texts = new WeakMap();
        this.held = 0;
      }
      this.texts.set(value, text);
      this.held += 1;
    }
    return text;
  }
}
