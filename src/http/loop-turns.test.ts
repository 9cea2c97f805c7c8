import { describe, expect, it } from 'vitest';
import { LoopTurns } from './loop-turns.js';

/** Counts turns of the event loop: one immediate a turn, each queueing the next. */
function turnCounter(): { now: () => number; stop: () => void } {
  let turns = 0;
  let stopped = false;
  const tick = () => {
    turns += 1;
    if (!stopped) setImmediate(tick);
  };
  setImmediate(tick);
  return { now: () => turns, stop: () => (stopped = true) };
}

describe('LoopTurns', () => {
  const cases = [
    { name: 'gives a single waiter a later turn', waiters: 1 },
    { name: 'gives each of three waiters a turn of its own, in the order they asked', waiters: 3 },
    { name: 'gives each of ten waiters a turn of its own, in the order they asked', waiters: 10 },
  ];
  it.each(cases)('$name', async ({ waiters }) => {
    const turns = new LoopTurns();
    const counter = turnCounter();
    const asked = counter.now();
    const seen: { waiter: number; turn: number }[] = [];
    await Promise.all(
      Array.from({ length: waiters }, (_, waiter) =>
        turns.next().then(() => seen.push({ waiter, turn: counter.now() })),
      ),
    );
    counter.stop();
    expect(seen.map(({ waiter }) => waiter)).toEqual(Array.from({ length: waiters }, (_, at) => at));
    const distinct = new Set(seen.map(({ turn }) => turn));
    expect(distinct.size).toBe(waiters);
    expect(seen.every(({ turn }) => turn > asked)).toBe(true);
  });

  it('gives work asked for again the next turn, before work that asked first', async () => {
    const turns = new LoopTurns();
    const order: string[] = [];
    const body = async (name: string) => {
      await turns.next();
      order.push(`${name} decoded`);
      await turns.next(true);
      order.push(`${name} parsed`);
    };
    await Promise.all([body('first'), body('second')]);
    expect(order).toEqual(['first decoded', 'first parsed', 'second decoded', 'second parsed']);
  });
});
