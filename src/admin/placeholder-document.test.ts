import { describe, expect, it } from 'vitest';
import { placeholderDocument } from './placeholder-document.js';

const ID = '520d7a45-b89e-4889-8e0d-20598a66780e';

describe('placeholderDocument', () => {
  it('gives the same bytes for the same id and other bytes for another', () => {
    const one = placeholderDocument(`${ID}.pdf`);
    expect(one?.equals(placeholderDocument(`${ID}.pdf`) ?? Buffer.alloc(0))).toBe(true);
    expect(one?.equals(placeholderDocument('house_blend-2.pdf') ?? Buffer.alloc(0))).toBe(false);
  });

  it('is a PDF whose cross-reference table points at each of its objects', () => {
    const pdf = placeholderDocument(`${ID}.pdf`)?.toString('latin1') ?? '';
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
    expect(pdf).toContain(`(${ID}) Tj`);
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref, startxref + 5)).toBe('xref\n');
    const entries = pdf.slice(startxref).split('\n').slice(3, 8);
    expect(entries).toHaveLength(5);
    for (const [at, entry] of entries.entries()) {
      expect(entry).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entry.slice(0, 10));
      expect(pdf.slice(offset, offset + 8)).toBe(`${at + 1} 0 obj\n`);
    }
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(pdf)?.[1]);
    const stream = /stream\n([^\n]*)\nendstream/.exec(pdf)?.[1] ?? '';
    expect(stream.length).toBe(length);
  });

  it.each([
    { name: 'an id with letters, digits, _ and -', file: 'house_blend-2.pdf', served: true },
    { name: 'an id of 65 characters', file: `${'a'.repeat(65)}.pdf`, served: false },
    { name: 'an SVG name', file: `${ID}.svg`, served: false },
    { name: 'markup in the id', file: '(x) Tj.pdf', served: false },
    { name: 'an upper-case extension', file: `${ID}.PDF`, served: false },
  ])('$name: served $served', ({ file, served }) => {
    expect(placeholderDocument(file) !== undefined).toBe(served);
  });
});
