/** Bodies from this size on take turns (LoopTurns); a smaller one is parsed and checked in well under 1 ms. */
export const TURN_BYTES = 64 * 1024;

/**
 * Turns of the event loop, handed out one at a time in the order asked for: work that holds the loop for
 * milliseconds (a body near the limit decoded, parsed and validated, then answered) waits for a turn of its
 * own, so a burst of it cannot hold the loop for all of it at once, and what arrives meanwhile (a health
 * check) is read between turns. Issue 28: eight 790 KiB creates in one turn kept a health check waiting
 * over 100 ms (bench flood-bodies).
 * @example await bodyTurns.next(); const value = JSON.parse(text);
 */
export class LoopTurns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /**
   * Resolves in a turn of its own, after those asked before it; `again` (work that already had a turn) goes
   * before them all, so a body started is finished before the next is begun and few are held in memory at once.
   */
  next(again = false): Promise<void> {
    return new Promise((resolve) => {
      if (again) this.waiting.unshift(resolve);
      else this.waiting.push(resolve);
      if (!this.scheduled) this.schedule();
    });
  }

  private schedule(): void {
    this.scheduled = true;
    // An immediate queued while immediates run waits for the next turn, after its poll for I/O.
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()?.();
      if (this.waiting.length > 0) this.schedule();
    });
  }
}

/** The turns every large request body of the process takes. */
export const bodyTurns = new LoopTurns();
