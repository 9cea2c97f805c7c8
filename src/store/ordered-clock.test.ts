import { describe, expect, it } from 'vitest';
import { OrderedClock } from './ordered-clock.js';

describe('OrderedClock', () => {
  const cases = [
    { title: 'follows a clock that moves forward', readings: [10, 20, 30], expected: [10, 20, 30] },
    { title: 'gives writes within one millisecond the same time, not invented ones', readings: [10, 10, 10], expected: [10, 10, 10] },
    { title: 'holds at the last reading when the system clock steps back', readings: [50, 40, 41, 60], expected: [50, 50, 50, 60] },
  ]; // prettier-ignore
  it.each(cases)('$title', ({ readings, expected }) => {
    const queue = [...readings];
    const clock = new OrderedClock(() => queue.shift() ?? 0);
    expect(readings.map(() => clock.now())).toEqual(expected);
  });

  it('never runs ahead of the clock over a burst of 300,000 readings in one millisecond', () => {
    const clock = new OrderedClock(() => 1_000);
    let last = 0;
    for (let at = 0; at < 300_000; at++) last = clock.now();
    expect(last).toBe(1_000);
  });

  it('reads no earlier than a given time, without moving its own reading', () => {
    const clock = new OrderedClock(() => 100);
    expect(clock.now(500)).toBe(500);
    expect(clock.now()).toBe(100);
  });
});
