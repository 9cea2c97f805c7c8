/** Bytes a ring starts with on its first write: a session that records nothing holds none. */
const FIRST_BYTES = 16 * 1024;

/**
 * Texts kept outside the V8 heap, one after the other in a byte buffer used as a ring: the journal's text of
 * each request (id, URL, headers) is no object the garbage collector must copy to the old generation, trace
 * and free. Positions are absolute (bytes ever used), so a text is read back where it was written for as long
 * as the caller keeps it; the buffer doubles when the texts kept no longer fit, so none is ever overwritten.
 * @example const at = ring.write('GET /x', ring.end); ring.read(at, ring.end - at) // 'GET /x'
 */
export class TextRing {
  private bytes = Buffer.alloc(0);
  /** Where the next text goes: the end of the last one, as an absolute position. */
  private next = 0;

  constructor(private readonly firstBytes = FIRST_BYTES) {}

  /** The absolute position just past the last text written. */
  get end(): number {
    return this.next;
  }

  /** Bytes held (a power of two times the first size, or 0 before the first write). */
  get capacity(): number {
    return this.bytes.length;
  }

  /**
   * Writes `text` as UTF-8, keeping every text from the absolute position `keepFrom` on; answers where it
   * starts (it ends at `end`). A text never wraps around the buffer's end: it starts the next lap instead.
   */
  write(text: string, keepFrom: number): number {
    if (text.length === 0) return this.next;
    const most = text.length * 3; // UTF-8 bytes per UTF-16 unit, at most
    const keep = Math.min(keepFrom, this.next);
    let start = this.startFor(most);
    while (start + most - keep > this.bytes.length) {
      this.grow(this.next + most - keep, keep);
      start = this.startFor(most);
    }
    this.next = start + this.bytes.write(text, start % this.bytes.length, 'utf8');
    return start;
  }

  /** The text of `length` bytes written at the absolute position `start`, which must still be kept. */
  read(start: number, length: number): string {
    if (length === 0) return '';
    const at = start % this.bytes.length;
    return this.bytes.toString('utf8', at, at + length);
  }

  /** Forgets every text and lets the buffer go. */
  clear(): void {
    this.bytes = Buffer.alloc(0);
    this.next = 0;
  }

  /** Where a text of at most `most` bytes would start: here, or at the next lap when it would cross the end. */
  private startFor(most: number): number {
    const size = this.bytes.length;
    if (size === 0) return this.next;
    const at = this.next % size;
    return at + most > size ? this.next + size - at : this.next;
  }

  /** A buffer of at least `needed` bytes, the kept texts moved to where their absolute positions say. */
  private grow(needed: number, keepFrom: number): void {
    let size = Math.max(this.bytes.length * 2, this.firstBytes);
    while (size < needed) size *= 2;
    const bytes = Buffer.allocUnsafeSlow(size);
    const old = this.bytes.length;
    // The kept span is at most one old lap long, and no text crosses a lap: at most two runs to copy.
    for (let from = old === 0 ? this.next : keepFrom; from < this.next;) {
      const at = from % old;
      const run = Math.min(this.next - from, old - at);
      this.bytes.copy(bytes, from % size, at, at + run);
      from += run;
    }
    this.bytes = bytes;
  }
}
