import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BODY_BOUNDS, type BodyBounds } from '../contract/body-bounds.js';
import { textBoundViolations } from '../contract/body-text-bounds.js';
import { Findings } from '../contract/violation.js';
import { surelyWithinBounds } from './read-body.js';

const found = (text: string, bounds: BodyBounds): number => {
  const findings = new Findings();
  textBoundViolations(text, bounds, findings);
  return findings.found;
};

describe('surelyWithinBounds', () => {
  const small: BodyBounds = { maxDepth: 3, maxItems: 3, maxProperties: 4, maxLength: 40, maxValues: 30 };
  const cases: { title: string; text: string; bounds?: BodyBounds; within: boolean }[] = [
    { title: 'a create body', text: '{"data":{"account_id":"a","name":"Ada","email":"ada@example.com","currency":"USD","manual_payments":true}}', bounds: DEFAULT_BODY_BOUNDS, within: true },
    { title: 'two commas under maxItems 3', text: '[1,2,3]', bounds: small, within: true },
    { title: 'as many commas as maxItems (four items)', text: '[1,2,3,4]', bounds: small, within: false },
    { title: 'three openers, maxDepth 3', text: '[[[1]]]', bounds: small, within: true },
    { title: 'four openers', text: '[[[[1]]]]', bounds: small, within: false },
    { title: 'openers inside a string counted all the same', text: '["[[[["]', bounds: small, within: false },
    { title: 'a text longer than maxLength', text: `"${'x'.repeat(40)}"`, bounds: small, within: false },
    { title: 'no bound that can be shown kept (maxItems 0)', text: '1', bounds: { ...small, maxItems: 0 }, within: false },
  ]; // prettier-ignore
  it.each(cases)('says $within for $title', ({ text, bounds = small, within }) => {
    expect(surelyWithinBounds(text, bounds)).toBe(within);
    if (within) expect(found(text, bounds)).toBe(0);
  });

  it('never says a text is within its bounds when the scan finds it past one', () => {
    const piece = fc.constantFrom('[', ']', '{', '}', ',', ':', '"', '\\', 'a', '1', ' ', 'true');
    const texts = fc.oneof(
      fc.array(piece, { maxLength: 60 }).map((pieces) => pieces.join('')),
      fc.json({ maxDepth: 6 }),
    );
    const bounds = fc.record({
      maxDepth: fc.integer({ min: 0, max: 5 }),
      maxItems: fc.integer({ min: 0, max: 5 }),
      maxProperties: fc.integer({ min: 0, max: 5 }),
      maxLength: fc.integer({ min: 0, max: 80 }),
      maxValues: fc.integer({ min: 0, max: 40 }),
    });
    fc.assert(
      fc.property(
        texts,
        bounds,
        (text, limits) => !surelyWithinBounds(text, limits) || found(text, limits) === 0,
      ),
      { numRuns: 3_000 },
    );
  });
});
