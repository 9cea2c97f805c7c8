import { describe, expect, it } from 'vitest';
import { loadAdminSpec } from '../contract/spec-document.js';
import { delayInput, delayText, parseDelay, type Delay } from './delay-text.js';
import { limitsFromSpec } from './limits-from-spec.js';

const bounds = limitsFromSpec(loadAdminSpec()).delay;

describe('parseDelay', () => {
  const cases: { typed: string; expected: ReturnType<typeof parseDelay> }[] = [
    { typed: '', expected: { delay: null } },
    { typed: ' none ', expected: { delay: null } },
    { typed: '0', expected: { delay: 0 } },
    { typed: '300', expected: { delay: 300 } },
    { typed: '300 ms', expected: { delay: 300 } },
    { typed: '100-600', expected: { delay: [100, 600] } },
    { typed: '100 – 600', expected: { delay: [100, 600] } },
    { typed: '100..600', expected: { delay: [100, 600] } },
    { typed: '600000', expected: { delay: 600000 } },
    { typed: '600001', expected: { problem: 'a delay is at most 600000 ms' } },
    { typed: '99999999999', expected: { problem: 'a delay is at most 600000 ms' } },
    { typed: '5-600001', expected: { problem: 'a delay is at most 600000 ms' } },
    { typed: '600-100', expected: { problem: 'the range 600-100 runs backwards' } },
    {
      typed: 'slow',
      expected: { problem: 'a delay is milliseconds (300) or a range (100-600), not "slow"' },
    },
    { typed: '-5', expected: { problem: 'a delay is milliseconds (300) or a range (100-600), not "-5"' } },
  ];
  it.for(cases)('reads "$typed"', ({ typed, expected }) => {
    expect(parseDelay(typed, bounds)).toEqual(expected);
  });
});

describe('parseDelay within other bounds', () => {
  const cases: { typed: string; expected: ReturnType<typeof parseDelay> }[] = [
    { typed: '3', expected: { problem: 'a delay is at least 5 ms' } },
    { typed: '5-20', expected: { delay: [5, 20] } },
    { typed: '21', expected: { problem: 'a delay is at most 20 ms' } },
  ];
  it.for(cases)('reads "$typed" as the bounds 5 to 20 say', ({ typed, expected }) => {
    expect(parseDelay(typed, { min: 5, max: 20 })).toEqual(expected);
  });
});

describe('delayText and delayInput', () => {
  const cases: { delay: Delay | undefined; text: string; input: string }[] = [
    { delay: null, text: 'none', input: '' },
    { delay: undefined, text: 'none', input: '' },
    { delay: 0, text: '0 ms', input: '0' },
    { delay: 250, text: '250 ms', input: '250' },
    { delay: [100, 600], text: '100–600 ms', input: '100-600' },
  ];
  it.for(cases)('shows $delay as "$text" and types it as "$input"', ({ delay, text, input }) => {
    expect(delayText(delay)).toBe(text);
    expect(delayInput(delay)).toBe(input);
    expect(parseDelay(input, bounds)).toEqual({ delay: delay ?? null });
  });
});
