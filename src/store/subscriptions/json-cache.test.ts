import { describe, expect, it } from 'vitest';
import { JsonCache } from './json-cache.js';

function counting(limit?: number) {
  const rendered: string[] = [];
  const cache = new JsonCache<{ name: string }>((value) => {
    rendered.push(value.name);
    return JSON.stringify(value);
  }, limit);
  return { cache, rendered };
}

describe('JsonCache', () => {
  it('renders each object once, by identity, and gives the same text each time', () => {
    const { cache, rendered } = counting();
    const a = { name: 'a' };
    const twin = { name: 'a' };
    expect([cache.text(a), cache.text(a), cache.text(twin)]).toEqual(Array(3).fill('{"name":"a"}'));
    expect(rendered).toEqual(['a', 'a']);
  });

  const cases = [
    { limit: 1, reads: ['a', 'a', 'b', 'a', 'b'], rendered: ['a', 'b', 'a', 'b'] },
    { limit: 2, reads: ['a', 'b', 'a', 'c', 'a', 'c'], rendered: ['a', 'b', 'c', 'a'] },
    { limit: 3, reads: ['a', 'b', 'c', 'a', 'b', 'c'], rendered: ['a', 'b', 'c'] },
  ];
  it.each(cases)('keeps at most $limit texts, starting afresh past them: $reads', ({ limit, reads, rendered: expected }) => {
    const { cache, rendered } = counting(limit);
    const objects = new Map(['a', 'b', 'c'].map((name) => [name, { name }]));
    for (const name of reads) expect(cache.text(objects.get(name)!)).toBe(`{"name":"${name}"}`);
    expect(rendered).toEqual(expected);
  }); // prettier-ignore
});
