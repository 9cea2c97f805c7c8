import { describe, expect, it } from 'vitest';
import { escapeXml } from './xml-escape.js';
import { xmlProblems } from './xml-well-formed.js';

describe('escapeXml', () => {
  const cases = [
    { text: 'plain', escaped: 'plain' },
    { text: '<a href="x">&</a>', escaped: '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;' },
    { text: "it's", escaped: 'it&#39;s' },
    { text: 'bell\u0007 nul\u0000', escaped: 'bell\uFFFD nul\uFFFD' },
    { text: 'tab\tline\nreturn\r', escaped: 'tab\tline\nreturn\r' },
    { text: 'lone \uD800 surrogate', escaped: 'lone \uFFFD surrogate' },
    { text: 'emoji 😀 kept', escaped: 'emoji 😀 kept' },
    { text: '&amp; twice', escaped: '&amp;amp; twice' },
  ];
  it.each(cases)('escapes $text', ({ text, escaped }) => {
    expect(escapeXml(text)).toBe(escaped);
  });

  it('makes any text safe inside an element and an attribute', () => {
    const hostile = `</x><y a="1" b='2'>&nope; \u0001`;
    expect(xmlProblems(`<x a="${escapeXml(hostile)}">${escapeXml(hostile)}</x>`)).toEqual([]);
  });
});
