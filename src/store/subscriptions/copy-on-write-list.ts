// 1,024 items per chunk: a write after a freeze copies one chunk and the chunk directory (length / 1,024
// pointers) instead of the whole list: about 1,100 slots for 100,000 items rather than 100,000.
const CHUNK_BITS = 10;
const CHUNK_SIZE = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK_SIZE - 1;

/** The first `length` items of a CopyOnWriteList as they were when it was frozen; later writes never show. */
export class FrozenList<T> {
  constructor(
    private readonly chunks: readonly (readonly T[])[],
    readonly length: number,
  ) {}

  at(index: number): T | undefined {
    if (index < 0 || index >= this.length) return undefined;
    return this.chunks[index >>> CHUNK_BITS]?.[index & CHUNK_MASK];
  }

  /** Items `start` (included) to `end` (excluded), clamped to the list, as Array.prototype.slice. */
  slice(start: number, end: number): T[] {
    const from = Math.max(0, start);
    const to = Math.min(end, this.length);
    const items: T[] = [];
    for (let index = from; index < to;) {
      const chunk = this.chunks[index >>> CHUNK_BITS] ?? [];
      const offset = index & CHUNK_MASK;
      const take = Math.min(to - index, CHUNK_SIZE - offset);
      for (let at = offset; at < offset + take; at += 1) items.push(chunk[at] as T);
      index += take;
    }
    return items;
  }
}

/**
 * A list that appends, replaces in place, and freezes into views that later writes never change, each in
 * O(1) or O(length / 1,024). Views share the chunks; `set` copies a chunk (and the directory) only when a
 * view taken since it was last copied may still see it, so writes with no view in between copy nothing.
 * Appends never copy: a view reads only its first `length` items, and an append writes past them.
 * @example
 * const list = new CopyOnWriteList(['a', 'b']);
 * const view = list.freeze();
 * list.set(0, 'z'); // view.at(0) is still 'a'
 */
export class CopyOnWriteList<T> {
  private chunks: T[][] = [];
  private count = 0;
  /** Bumped by every freeze; a chunk or the directory copied in the current generation is ours to write. */
  private generation = 0;
  private readonly chunkGenerations: number[] = [];
  private directoryGeneration = 0;

  constructor(items: readonly T[] = []) {
    for (let start = 0; start < items.length; start += CHUNK_SIZE) {
      this.chunks.push(items.slice(start, start + CHUNK_SIZE));
      this.chunkGenerations.push(this.generation);
    }
    this.count = items.length;
  }

  get length(): number {
    return this.count;
  }

  at(index: number): T | undefined {
    if (index < 0 || index >= this.count) return undefined;
    return this.chunks[index >>> CHUNK_BITS]?.[index & CHUNK_MASK];
  }

  push(item: T): void {
    const chunkIndex = this.count >>> CHUNK_BITS;
    const chunk = this.chunks[chunkIndex];
    if (chunk) chunk.push(item);
    else {
      this.chunks.push([item]);
      this.chunkGenerations[chunkIndex] = this.generation;
    }
    this.count += 1;
  }

  /** Replaces the item at `index` (which must exist) without disturbing any view. */
  set(index: number, item: T): void {
    if (index < 0 || index >= this.count) throw new RangeError(`index ${index} is outside the list`);
    if (this.directoryGeneration !== this.generation) {
      this.chunks = this.chunks.slice();
      this.directoryGeneration = this.generation;
    }
    const chunkIndex = index >>> CHUNK_BITS;
    let chunk = this.chunks[chunkIndex] ?? [];
    if (this.chunkGenerations[chunkIndex] !== this.generation) {
      chunk = chunk.slice();
      this.chunks[chunkIndex] = chunk;
      this.chunkGenerations[chunkIndex] = this.generation;
    }
    chunk[index & CHUNK_MASK] = item;
  }

  /** A view of the list as it is now. */
  freeze(): FrozenList<T> {
    this.generation += 1;
    return new FrozenList(this.chunks, this.count);
  }
}
