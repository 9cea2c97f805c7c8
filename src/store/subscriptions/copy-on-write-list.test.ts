import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CopyOnWriteList, type FrozenList } from './copy-on-write-list.js';

type Operation =
  { kind: 'push'; value: number } | { kind: 'set'; at: number; value: number } | { kind: 'freeze' };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('push' as const), value: fc.integer() }) },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: fc.integer() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('freeze' as const) }) },
);

/** Runs the operations on the list and on a plain array; every view must keep showing its array copy. */
function replay(initial: number[], operations: readonly Operation[]) {
  const list = new CopyOnWriteList(initial);
  const model = [...initial];
  const views: { view: FrozenList<number>; expected: number[] }[] = [];
  for (const step of operations) {
    if (step.kind === 'push') {
      list.push(step.value);
      model.push(step.value);
    } else if (step.kind === 'set') {
      if (model.length === 0) continue;
      const at = step.at % model.length;
      list.set(at, step.value);
      model[at] = step.value;
    } else views.push({ view: list.freeze(), expected: [...model] });
  }
  return { list, model, views };
}

describe('CopyOnWriteList', () => {
  const sizes = [0, 1, 1023, 1024, 1025, 5000];
  it.each(sizes)('holds %i items in order, reads past the end as undefined', (size) => {
    const items = Array.from({ length: size }, (_, index) => index * 3);
    const list = new CopyOnWriteList(items);
    const view = list.freeze();
    expect(list.length).toBe(size);
    expect(view.slice(0, size + 10)).toEqual(items);
    expect([list.at(size), list.at(-1), view.at(size)]).toEqual([undefined, undefined, undefined]);
    if (size > 0) expect([list.at(size - 1), view.at(size - 1)]).toEqual([items[size - 1], items[size - 1]]);
  });

  const sliceCases = [
    { start: 0, end: 25 },
    { start: 1000, end: 1100 },
    { start: 2040, end: 2050 },
    { start: 2990, end: 3100 },
    { start: 3000, end: 3025 },
    { start: -5, end: 3 },
    { start: 40, end: 10 },
  ];
  it.each(sliceCases)('slices $start..$end as an array would, across chunk edges', ({ start, end }) => {
    const items = Array.from({ length: 3000 }, (_, index) => `item ${index}`);
    expect(new CopyOnWriteList(items).freeze().slice(start, end)).toEqual(
      items.slice(Math.max(0, start), end),
    );
  });

  it('keeps every view as it was when frozen, whatever pushes and sets follow', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 2100 }),
        fc.array(operation, { maxLength: 200 }),
        (initial, operations) => {
          const { list, model, views } = replay(initial, operations);
          for (const { view, expected } of views) {
            expect(view.length).toBe(expected.length);
            expect(view.slice(0, expected.length)).toEqual(expected);
          }
          expect(list.freeze().slice(0, model.length)).toEqual(model);
          expect(list.length).toBe(model.length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses to set an index outside the list', () => {
    const list = new CopyOnWriteList([1, 2]);
    expect(() => list.set(2, 9)).toThrow(RangeError);
    expect(() => list.set(-1, 9)).toThrow(RangeError);
    expect(list.freeze().slice(0, 5)).toEqual([1, 2]);
  });
});
