import { describe, expect, it } from 'vitest';
import { closingQuote } from './read-body.js';

// String.raw: each backslash below is one in the text.
const cases = [
  { name: 'a plain string ends at its quote', text: String.raw`abc"rest`, from: 0, end: 3 },
  { name: 'an escaped quote does not end it', text: String.raw`a\"b"`, from: 0, end: 4 },
  { name: 'an escaped backslash before a quote does', text: String.raw`a\\"b"`, from: 0, end: 3 },
  { name: 'three backslashes escape the quote', text: String.raw`a\\\"b"`, from: 0, end: 6 },
  { name: 'a string never closed ends with the text', text: String.raw`abc\"`, from: 0, end: 5 },
  { name: 'the search starts where the string does', text: String.raw`"x",", "`, from: 1, end: 2 },
  { name: 'an empty string ends at once', text: '"",', from: 1, end: 1 },
];

describe('closingQuote', () => {
  it.each(cases)('$name', ({ text, from, end }) => {
    expect(closingQuote(text, from)).toBe(end);
  });
});
