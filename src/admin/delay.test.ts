import { describe, expect, it } from 'vitest';
import { delayMs, MAX_DELAY_MS, parseDelay, wait, type Delay } from './faults.js';

describe('parseDelay', () => {
  const cases: { text: string; delay: Delay | undefined }[] = [
    { text: '300', delay: 300 },
    { text: '0', delay: 0 },
    { text: ' 300 ', delay: 300 },
    { text: '100-600', delay: [100, 600] },
    { text: '250-250', delay: [250, 250] },
    { text: String(MAX_DELAY_MS), delay: MAX_DELAY_MS },
    { text: String(MAX_DELAY_MS + 1), delay: undefined },
    { text: `0-${MAX_DELAY_MS + 1}`, delay: undefined },
    { text: '600-100', delay: undefined },
    { text: '-5', delay: undefined },
    { text: '1.5', delay: undefined },
    { text: '100-', delay: undefined },
    { text: '100 - 600', delay: undefined },
    { text: '1e3', delay: undefined },
    { text: '300ms', delay: undefined },
    { text: '', delay: undefined },
    { text: '1234567', delay: undefined },
  ];
  it.each(cases)('"$text" is $delay', ({ text, delay }) => {
    expect(parseDelay(text)).toEqual(delay);
  });
});

describe('delayMs', () => {
  const cases: { name: string; delay: Delay; draw: number; ms: number }[] = [
    { name: 'none is 0', delay: null, draw: 0.5, ms: 0 },
    { name: 'a fixed delay is itself, whatever the draw', delay: 300, draw: 0.99, ms: 300 },
    { name: 'a range drawn at 0 is its low end', delay: [100, 200], draw: 0, ms: 100 },
    { name: 'a range drawn just below 1 is its high end', delay: [100, 200], draw: 0.999999, ms: 200 },
    { name: 'a range drawn halfway is its middle', delay: [100, 200], draw: 0.5, ms: 150 },
    { name: 'an empty range is its one value', delay: [70, 70], draw: 0.7, ms: 70 },
  ];
  it.each(cases)('$name', ({ delay, draw, ms }) => {
    expect(delayMs(delay, () => draw)).toBe(ms);
  });
});

describe('wait', () => {
  it('resolves after a delay', async () => {
    await expect(wait(1, () => 0)).resolves.toBeUndefined();
  });
});
