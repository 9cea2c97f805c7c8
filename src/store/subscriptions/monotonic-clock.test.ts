import { describe, expect, it } from 'vitest';
import { MonotonicClock } from './monotonic-clock.js';

describe('MonotonicClock', () => {
  const cases = [
    { title: 'follows a clock that moves forward', readings: [10, 20, 30], expected: [10, 20, 30] },
    { title: 'moves forward within the same millisecond', readings: [10, 10, 10], expected: [10, 11, 12] },
    {
      title: 'moves forward when the system clock steps back',
      readings: [50, 40, 41],
      expected: [50, 51, 52],
    },
  ];
  it.each(cases)('$title', ({ readings, expected }) => {
    const queue = [...readings];
    const clock = new MonotonicClock(() => queue.shift() ?? 0);
    expect(readings.map(() => clock.now())).toEqual(expected);
  });

  it('reads after a given time when asked', () => {
    const clock = new MonotonicClock(() => 100);
    expect(clock.now(500)).toBe(501);
    expect(clock.now()).toBe(502);
  });
});
