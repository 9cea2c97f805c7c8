/**
 * A clock whose readings strictly increase, even several within one millisecond or when the system clock
 * steps back: runtime created_at/updated_at then order writes, and an update always moves updated_at forward.
 */
export class MonotonicClock {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly read: () => number = Date.now) {}

  /** Epoch ms, greater than every earlier reading and than `atLeastAfter`. */
  now(atLeastAfter = Number.NEGATIVE_INFINITY): number {
    this.last = Math.max(this.read(), this.last + 1, atLeastAfter + 1);
    return this.last;
  }
}
