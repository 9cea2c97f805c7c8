import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BODY_BOUNDS, boundViolations, type BodyBounds } from './body-bounds.js';
import { textBoundViolations } from './body-text-bounds.js';
import { Findings, type Violation } from './violation.js';

const scan = (text: string, bounds: BodyBounds): Findings => {
  const findings = new Findings();
  textBoundViolations(text, bounds, findings);
  return findings;
};
const walk = (body: unknown, bounds: BodyBounds): Findings => {
  const findings = new Findings();
  boundViolations(body, bounds, findings);
  return findings;
};

describe('textBoundViolations', () => {
  const bounds: BodyBounds = { maxDepth: 3, maxItems: 2, maxProperties: 2, maxLength: 5, maxValues: 12 };
  const cases: { title: string; text: string; found: { at: string; keyword: string }[] }[] = [
    { title: 'nothing in a body within every bound', text: '{"a":"hello","b":[1,{"c":null}]}', found: [] },
    { title: 'nothing in long strings: their decoded length is the walk\'s to judge', text: '{"a":"\\u0041\\u0041\\u0041"}', found: [] },
    { title: 'an array of too many items at its pointer', text: '{"list":[1,2,3]}', found: [{ at: '/list', keyword: 'maxItems' }] },
    { title: 'items counted across spaces and new lines', text: '{ "list" : [ true ,\n false ,\t null ] }', found: [{ at: '/list', keyword: 'maxItems' }] },
    { title: 'an object of too many fields', text: '{"a":{"x":1,"y":2,"z":3}}', found: [{ at: '/a', keyword: 'maxProperties' }] },
    { title: 'what the first items hold, then their container past its bound', text: '[[1,2,3],[4,[5,6,7]],0]', found: [{ at: '/0', keyword: 'maxItems' }, { at: '/1/1', keyword: 'maxItems' }, { at: '', keyword: 'maxItems' }] },
    { title: 'nothing inside a container once past its bound', text: '[0,1,[2,3,4]]', found: [{ at: '', keyword: 'maxItems' }] },
    { title: 'nesting past the depth at the first three segments', text: '{"data":{"plan":[[[[[1]]]]]}}', found: [{ at: '/data/plan/0', keyword: 'maxDepth' }] },
    { title: 'escaped keys decoded, then escaped as a pointer', text: '{"a\\/b":{"\\u007e":[1,2,3]}}', found: [{ at: '/a~1b/~0', keyword: 'maxItems' }] },
    { title: 'brackets, commas and quotes inside strings ignored', text: '{"a":"[,[,[\\"{"}', found: [] },
    { title: 'the item index within an array', text: '[0,{"a":[1,2,3]}]', found: [{ at: '/1/a', keyword: 'maxItems' }] },
    { title: 'every place, in document order', text: '{"x":[1,2,3],"y":{"a":1,"b":2,"c":3}}', found: [{ at: '/x', keyword: 'maxItems' }, { at: '/y', keyword: 'maxProperties' }] },
    { title: 'more values than the body may hold', text: '[[1,[2,3]],[[4,5],[6,7]]]', found: [{ at: '', keyword: 'maxValues' }] },
    { title: 'a number counted once, whatever its length', text: '[[-12.5e3,[true,false]],[[null,"x"],[6]]]', found: [] },
    { title: 'malformed text scanned as far as it goes', text: '{"a":[1,2,3', found: [{ at: '/a', keyword: 'maxItems' }] },
    { title: 'an unterminated string', text: '{"a":"[[[[[', found: [] },
  ]; // prettier-ignore
  it.each(cases)('finds $title', ({ text, found }) => {
    const { violations } = scan(text, bounds);
    expect(violations.map(({ at, keyword }) => ({ at, keyword }))).toEqual(found);
  });

  it('names the field of a body nested half a million levels deep, at once', () => {
    const text = `{"data":{"attributes":{"plan_id":${'['.repeat(500_000)}${']'.repeat(500_000)}}}}`;
    const { violations } = scan(text, DEFAULT_BODY_BOUNDS);
    expect(violations).toHaveLength(1);
    expect(violations[0]?.at).toBe('/data/attributes/plan_id');
    expect(violations[0]?.detail).toMatch(/^\/data\/attributes\/plan_id is nested more than 32 levels deep/);
  });

  it('names a key past maxLength once, at its object, and nothing inside that object', () => {
    const key = 'k'.repeat(900_000);
    const inner = Object.fromEntries(
      Array.from({ length: 60 }, (_, at) => [`a${at}`, new Array(101).fill(0)]),
    );
    const found = scan(JSON.stringify({ data: { [key]: inner, next: [1, 2, 3] } }), DEFAULT_BODY_BOUNDS);
    expect(found.violations.map(({ at, keyword }) => ({ at, keyword }))).toEqual([
      { at: '/data', keyword: 'maxLength' },
    ]);
    expect(found.violations[0]?.detail).toBe(
      `a key of /data must be at most ${DEFAULT_BODY_BOUNDS.maxLength} characters (one begins "${'k'.repeat(40)}")`,
    );
    expect(found.omitted).toBe(0);
  });

  it.each([
    ['a key within maxLength once its escapes are decoded', `{"${'\\u0041'.repeat(5)}":[1,2,3]}`, ['/AAAAA']],
    ['a key past maxLength by one', `{"${'a'.repeat(6)}":1}`, ['']],
  ])('tells %s', (_title, text, pointers) => {
    const found = scan(text, { ...bounds, maxItems: 2 });
    expect(found.violations.map(({ at }) => at)).toEqual(pointers);
  });

  it('cuts a pointer through long keys instead of repeating them whole', () => {
    const key = 'k'.repeat(2_000);
    const text = `{"${key}":{"${key}":{"${key}":[1,2,3]}}}`;
    const [violation] = scan(text, { ...DEFAULT_BODY_BOUNDS, maxItems: 2 }).violations;
    expect(violation?.keyword).toBe('maxItems');
    expect(violation?.at.length).toBeLessThan(2 * 1_100 + 10);
  });

  it('describes 50 places and counts the rest', () => {
    const text = JSON.stringify(
      Object.fromEntries(Array.from({ length: 90 }, (_, at) => [`k${at}`, [1, 2, 3]])),
    );
    const found = scan(text, { ...DEFAULT_BODY_BOUNDS, maxItems: 2 });
    expect(found.violations).toHaveLength(50);
    expect(found.violations.slice(0, 2).map(({ at }) => at)).toEqual(['/k0', '/k1']);
    expect(found.omitted).toBe(40);
  });

  it('finds what the walk after parsing finds, for any JSON, but for what the first items of a container past its bound hold', () => {
    // Strings are the walk's alone (their decoded length): they get room, everything else is compared. The walk
    // sees a container's size before its items, the scan after its first ones: what those hold is dropped here.
    // Depths up to 3 keep a maxDepth violation's pointer (its first three segments) its whole path.
    const arbitrary = fc.record({
      body: fc.jsonValue({ maxDepth: 6 }),
      maxDepth: fc.integer({ min: 1, max: 3 }),
      maxItems: fc.integer({ min: 0, max: 5 }),
      maxProperties: fc.integer({ min: 0, max: 5 }),
      indent: fc.constantFrom(0, 2),
    });
    const outside = (violations: readonly Violation[]) => {
      const past = violations.filter(({ keyword }) => keyword === 'maxItems' || keyword === 'maxProperties');
      return violations.filter(({ at }) => !past.some((container) => at.startsWith(`${container.at}/`)));
    };
    fc.assert(
      fc.property(arbitrary, ({ body, indent, ...limits }) => {
        const bounds = { ...limits, maxLength: Number.MAX_SAFE_INTEGER, maxValues: Number.MAX_SAFE_INTEGER };
        const text = JSON.stringify(body, null, indent);
        expect(outside(scan(text, bounds).violations)).toEqual(walk(JSON.parse(text), bounds).violations);
      }),
      { numRuns: 300, seed: 16 },
    );
  });
});
