import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { boundViolations, boundsOf, DEFAULT_BODY_BOUNDS, type BodyBounds } from './body-shape.js';
import { loadSpec } from './spec-document.js';
import { Findings } from './violation.js';

const document = (schemas: Record<string, unknown>, paths: Record<string, unknown> = {}) =>
  ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths,
    components: { schemas },
  }) as OpenAPIV3_1.Document;
const many = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, at) => [`p${at}`, {}]));

describe('boundsOf', () => {
  const cases: { title: string; schemas: Record<string, unknown>; paths?: Record<string, unknown>; bounds: BodyBounds }[] = [
    { title: 'the fallback for a document that declares no limits', schemas: { A: { type: 'string' } }, bounds: DEFAULT_BODY_BOUNDS },
    { title: 'the fallback where the declared limits are smaller', schemas: { A: { type: 'array', maxItems: 5, items: { maxLength: 10 } } }, bounds: DEFAULT_BODY_BOUNDS },
    { title: 'the largest limits declared, however deep', schemas: { A: { allOf: [{ properties: { list: { maxItems: 400, items: { maxLength: 9000 } } } }] }, B: { maxProperties: 250 } }, bounds: { ...DEFAULT_BODY_BOUNDS, maxItems: 400, maxLength: 9000, maxProperties: 250 } },
    { title: 'the most properties one schema declares', schemas: { A: { type: 'object', properties: many(150) } }, bounds: { ...DEFAULT_BODY_BOUNDS, maxProperties: 150 } },
    { title: 'the fallback depth, whatever the schemas', schemas: { A: { maxItems: 1_000 } }, bounds: { ...DEFAULT_BODY_BOUNDS, maxItems: 1_000 } },
    { title: 'no limit of the paths, only of the component schemas', schemas: {}, paths: { '/x': { post: { requestBody: { content: { 'application/json': { schema: { maxItems: 5_000 } } } } } } }, bounds: DEFAULT_BODY_BOUNDS },
  ]; // prettier-ignore
  it.each(cases)('gives $title', ({ schemas, paths, bounds }) => {
    expect(boundsOf(document(schemas, paths))).toEqual(bounds);
  });

  it('takes another fallback when given one', () => {
    const fallback = { maxDepth: 4, maxItems: 3, maxProperties: 2, maxLength: 1, maxValues: 9 };
    expect(boundsOf(document({ A: { maxLength: 7 } }), fallback)).toEqual({ ...fallback, maxLength: 7 });
  });

  it('reads the packaged spec: its currencies, refs and lists fit inside the bounds', () => {
    const bounds = boundsOf(loadSpec());
    expect(bounds.maxDepth).toBe(DEFAULT_BODY_BOUNDS.maxDepth);
    expect(bounds.maxItems).toBeGreaterThanOrEqual(100);
    expect(bounds.maxLength).toBeGreaterThanOrEqual(2048);
    expect(bounds.maxProperties).toBeGreaterThanOrEqual(200);
  });
});

function walk(body: unknown, bounds: BodyBounds): Findings {
  const findings = new Findings();
  boundViolations(body, bounds, findings);
  return findings;
}

describe('boundViolations', () => {
  const bounds: BodyBounds = { maxDepth: 3, maxItems: 2, maxProperties: 2, maxLength: 5, maxValues: 12 };
  const cases: { title: string; body: unknown; found: { at: string; keyword: string; detail: string }[] }[] = [
    { title: 'nothing in a body within every bound', body: { a: 'hello', b: [1, { c: null }] }, found: [] },
    { title: 'nothing in numbers, booleans and null', body: [1e308, true], found: [] },
    { title: 'a string too long', body: { a: 'toolong' }, found: [{ at: '/a', keyword: 'maxLength', detail: '/a must be at most 5 characters' }] },
    { title: 'a body that is one long string', body: 'toolong', found: [{ at: '', keyword: 'maxLength', detail: 'the body must be at most 5 characters' }] },
    { title: 'an array with too many items, without walking them', body: { list: ['toolong', 'toolong', 'x'] }, found: [{ at: '/list', keyword: 'maxItems', detail: '/list must have at most 2 items' }] },
    { title: 'an object with too many fields, without walking them', body: { a: 'toolong', b: 1, c: 2 }, found: [{ at: '', keyword: 'maxProperties', detail: 'the body must have at most 2 fields' }] },
    { title: 'a key too long, without walking its value', body: { abcdef: 'toolong' }, found: [{ at: '/abcdef', keyword: 'maxLength', detail: 'the key of /abcdef... must be at most 5 characters' }] },
    { title: 'nesting past the depth, named by its first three segments', body: { a: { b: { c: { d: { e: 1 } } } } }, found: [{ at: '/a/b/c', keyword: 'maxDepth', detail: '/a/b/c is nested more than 3 levels deep (at /a/b/c...)' }] },
    { title: 'a primitive at the deepest level allowed', body: { a: { b: { c: 1 } } }, found: [] },
    { title: 'pointers with / and ~ in keys escaped', body: { 'a/b': { '~': 'toolong' } }, found: [{ at: '/a~1b/~0', keyword: 'maxLength', detail: '/a~1b/~0 must be at most 5 characters' }] },
    { title: 'more values than the body may hold, named at the body', body: { a: [1, 2], b: [3, 4], c: { d: [5, 6], e: [7, 8] } }, found: [{ at: '', keyword: 'maxProperties', detail: 'the body must have at most 2 fields' }] },
    { title: 'the thirteenth value', body: [[1, [2, 3]], [[4, 5], [6, 7]]], found: [{ at: '', keyword: 'maxValues', detail: 'the body must hold at most 12 values (objects, arrays, strings, numbers, booleans and nulls each count one)' }] },
    { title: 'twelve values, the most allowed', body: [[1, [2, 3]], [[4, 5], [6]]], found: [] },
    { title: 'every place, in document order', body: { x: 'toolong', y: [0, 'toolong'] }, found: [{ at: '/x', keyword: 'maxLength', detail: '/x must be at most 5 characters' }, { at: '/y/1', keyword: 'maxLength', detail: '/y/1 must be at most 5 characters' }] },
  ]; // prettier-ignore
  it.each(cases)('finds $title', ({ body, found }) => {
    expect(walk(body, bounds).violations).toEqual(found.map((violation) => ({ in: 'body', ...violation })));
  });

  it('describes 50 violations, the most one error body lists, and counts the rest', () => {
    const body = { data: Array.from({ length: 90 }, () => 'x'.repeat(3_000)) };
    const found = walk(body, DEFAULT_BODY_BOUNDS);
    expect(found.violations).toHaveLength(50);
    expect(found.omitted).toBe(40);
    expect(found.violations.map((violation) => violation.at).slice(0, 3)).toEqual([
      '/data/0',
      '/data/1',
      '/data/2',
    ]);
  });

  it('walks a body nested 100,000 levels deep without overflowing the stack, and reports it once', () => {
    let body: unknown = 'end';
    for (let level = 0; level < 100_000; level++) body = level % 2 === 0 ? [body] : { data: body };
    const { violations } = walk(body, DEFAULT_BODY_BOUNDS);
    expect(violations).toHaveLength(1);
    expect(violations[0]?.keyword).toBe('maxDepth');
    expect(violations[0]?.detail).toContain('nested more than 32 levels deep');
    expect(violations[0]?.at.split('/')).toHaveLength(4);
  });
});
