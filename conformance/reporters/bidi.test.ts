import { describe, expect, it } from 'vitest';
import { escapeBidi } from './bidi.js';

describe('escapeBidi', () => {
  const cases = [
    { text: 'abc\u202Edef', shown: 'abc\\u202Edef' },
    { text: '\u2066x\u2069 \u200E\u200F\u061C', shown: '\\u2066x\\u2069 \\u200E\\u200F\\u061C' },
    { text: 'plain “quotes” and emoji 🙂', shown: 'plain “quotes” and emoji 🙂' },
  ];
  it.each(cases)('shows $shown', ({ text, shown }) => {
    expect(escapeBidi(text)).toBe(shown);
  });

  it('keeps a JSON text parsing to the same characters', () => {
    const value = { name: 'evil\u202Etxt.exe' };
    expect(JSON.parse(escapeBidi(JSON.stringify(value)))).toEqual(value);
  });
});
