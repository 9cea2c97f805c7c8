import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8, pointerOfReplacement } from './utf8-text.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new Uint8Array(Buffer.from(value, 'utf8'));

describe('firstInvalidUtf8', () => {
  const cases = [
    { title: 'nothing', input: bytes(), at: -1 },
    { title: 'ASCII', input: text('{"a":1}'), at: -1 },
    { title: 'two-, three- and four-byte characters', input: text('é€😀'), at: -1 },
    { title: 'the last code point, U+10FFFF', input: bytes(0xf4, 0x8f, 0xbf, 0xbf), at: -1 },
    { title: 'a byte 0xFF after ASCII', input: bytes(0x61, 0xff), at: 1 },
    { title: 'a lone continuation byte', input: bytes(0x61, 0x62, 0x80), at: 2 },
    { title: 'an overlong two-byte slash (C0 AF)', input: bytes(0xc0, 0xaf), at: 0 },
    { title: 'an overlong lead C1', input: bytes(0xc1, 0x81), at: 0 },
    { title: 'an overlong three-byte form (E0 80 AF)', input: bytes(0xe0, 0x80, 0xaf), at: 0 },
    { title: 'an encoded surrogate (ED A0 80)', input: bytes(0x61, 0xed, 0xa0, 0x80), at: 1 },
    { title: 'an overlong four-byte form (F0 80 80 AF)', input: bytes(0xf0, 0x80, 0x80, 0xaf), at: 0 },
    { title: 'a code point past U+10FFFF (F4 90 80 80)', input: bytes(0xf4, 0x90, 0x80, 0x80), at: 0 },
    { title: 'a lead byte F5', input: bytes(0xf5, 0x80, 0x80, 0x80), at: 0 },
    { title: 'a sequence cut short at the end', input: bytes(0x61, 0xe2, 0x82), at: 1 },
    { title: 'a sequence cut short by ASCII', input: bytes(0xe2, 0x41, 0x41), at: 0 },
    { title: 'a broken byte after valid multi-byte text', input: bytes(...text('é€'), 0xff, 0x61), at: 5 },
  ];
  it.each(cases)('finds the first broken byte of $title at $at', ({ input, at }) => {
    expect(firstInvalidUtf8(input)).toBe(at);
  });

  // Well-formed UTF-8 decodes one way from a sequence boundary: so the bytes before the answer are valid, and
  // no longer prefix is, whatever the bytes.
  const high = fc
    .uint8Array({ maxLength: 24 })
    .map((values) => values.map((value) => (value & 1 ? value | 0x80 : value)));
  it('agrees with node:buffer isUtf8 on every prefix of arbitrary bytes', () => {
    fc.assert(
      fc.property(high, (input) => {
        const at = firstInvalidUtf8(input);
        if (at === -1) return isUtf8(input);
        if (!isUtf8(input.subarray(0, at))) return false;
        for (let end = at + 1; end <= input.length; end++) if (isUtf8(input.subarray(0, end))) return false;
        return true;
      }),
      { numRuns: 2_000, seed: 20_260_101 },
    );
  });
});

describe('pointerOfReplacement', () => {
  const R = '\uFFFD';
  const cases = [
    { title: 'the body itself when it is a string', value: `a${R}`, nth: 0, pointer: '' },
    { title: 'a string member', value: { data: { name: `x${R}` } }, nth: 0, pointer: '/data/name' },
    { title: 'the second of two members', value: { a: R, b: `${R}` }, nth: 1, pointer: '/b' },
    {
      title: 'a second replacement within one string',
      value: { a: `${R}${R}`, b: R },
      nth: 1,
      pointer: '/a',
    },
    { title: 'the one after a string holding two', value: { a: `${R}${R}`, b: R }, nth: 2, pointer: '/b' },
    { title: 'an item of an array', value: { list: ['ok', `no${R}`] }, nth: 0, pointer: '/list/1' },
    { title: 'a key', value: { data: { [`na${R}me`]: 'Ada' } }, nth: 0, pointer: `/data/na${R}me` },
    { title: 'a key with / and ~, escaped', value: { [`a/b~${R}`]: 1 }, nth: 0, pointer: `/a~1b~0${R}` },
    { title: 'nothing past the last replacement', value: { a: R }, nth: 1, pointer: '' },
    {
      title: 'nothing in numbers, booleans and null',
      value: { a: 1, b: true, c: null },
      nth: 0,
      pointer: '',
    },
  ];
  it.each(cases)('points at $title', ({ value, nth, pointer }) => {
    expect(pointerOfReplacement(value, nth)).toBe(pointer);
  });

  it('points at the field a client sent broken bytes in, as the body reader counts them', () => {
    const raw = Buffer.concat([
      Buffer.from(`{"a":"${R}","b":{"c":"x`),
      Buffer.from([0xff]),
      Buffer.from('"}}'),
    ]);
    const invalid = firstInvalidUtf8(raw);
    const before = raw.subarray(0, invalid).toString('utf8').split(R).length - 1;
    expect(pointerOfReplacement(JSON.parse(raw.toString('utf8')), before)).toBe('/b/c');
  });
});
