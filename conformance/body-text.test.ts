import { describe, expect, it } from 'vitest';
import { bodyText } from './body-text.js';

describe('bodyText', () => {
  const cases = [
    { what: 'an ASCII body', chunks: ['{"a":1}'], text: '{"a":1}' },
    { what: 'a body in several chunks', chunks: ['{"a":', '"b"}'], text: '{"a":"b"}' },
    { what: 'a UTF-8 body', chunks: ['{"name":"Zoë 😀"}'], text: '{"name":"Zoë 😀"}' },
    {
      what: 'a character split across two chunks',
      chunks: [Buffer.from('é').subarray(0, 1), Buffer.from('é').subarray(1)],
      text: 'é',
    },
    { what: 'an empty body', chunks: [], text: '' },
    {
      what: 'bytes that are not UTF-8 (replaced, as before)',
      chunks: [Buffer.from([0x7b, 0xff, 0x7d])],
      text: '{\uFFFD}',
    },
  ];
  it.each(cases)('decodes $what', ({ chunks, text }) => {
    expect(bodyText(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)))).toBe(
      text,
    );
  });
});
