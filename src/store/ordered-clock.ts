/** Write times: the system clock, held rather than stepped back; writes in one ms are ordered by sequence. */
export class OrderedClock {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly read: () => number = Date.now) {}

  /** Epoch ms, at least every earlier reading and at least `notBefore`. */
  now(notBefore = Number.NEGATIVE_INFINITY): number {
    this.last = Math.max(this.read(), this.last);
    return Math.max(this.last, notBefore);
  }
}
