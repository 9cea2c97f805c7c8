/**
 * Times for writes: the system clock, never stepping back (a clock stepped back holds at the last reading)
 * and never running ahead of it. Several writes within one millisecond share it; their order is the order
 * the store keeps them in (a sequence), not invented milliseconds.
 * @example const clock = new OrderedClock(); clock.now() // Date.now(), or the last reading if later
 */
export class OrderedClock {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly read: () => number = Date.now) {}

  /** Epoch ms, at least every earlier reading and at least `notBefore`. */
  now(notBefore = Number.NEGATIVE_INFINITY): number {
    this.last = Math.max(this.read(), this.last);
    return Math.max(this.last, notBefore);
  }
}
