import { describe, expect, it } from 'vitest';
import { MAX_NODE_DEPTH } from '../../store/catalog/catalog-records.js';
import { growHierarchy, nodesFromSeeds, seedDeepChain } from './seed-hierarchy.js';
import { seededRandom } from '../derive-seed.js';

describe('nodesFromSeeds', () => {
  it('computes depth and the bread crumb from the root down to the node', () => {
    const nodes = nodesFromSeeds([
      { id: 'r', name: 'Root', parent_id: null },
      { id: 'a', name: 'A', parent_id: 'r' },
      { id: 'b', name: 'B', parent_id: 'a' },
    ]);
    expect(nodes.map((node) => [node.id, node.depth, node.bread_crumb])).toEqual([
      ['r', 1, ['r']],
      ['a', 2, ['r', 'a']],
      ['b', 3, ['r', 'a', 'b']],
    ]);
  });

  const broken = [
    { why: 'a parent listed after its child', seeds: [{ id: 'a', name: 'A', parent_id: 'r' }] },
    {
      why: 'a chain deeper than ten levels',
      seeds: Array.from({ length: MAX_NODE_DEPTH + 1 }, (_, at) => ({
        id: `n${at}`,
        name: 'N',
        parent_id: at === 0 ? null : `n${at - 1}`,
      })),
    },
  ];
  it.each(broken)('refuses $why', ({ seeds }) => {
    expect(() => nodesFromSeeds(seeds)).toThrow();
  });
});

describe('growHierarchy', () => {
  it('reaches the deepest level through the chain and never goes beyond it', () => {
    const random = seededRandom(3, 'hierarchy');
    const nodes = seedDeepChain(random);
    expect(nodes.at(-1)?.depth).toBe(MAX_NODE_DEPTH);
    growHierarchy(random, nodes, 500);
    expect(nodes).toHaveLength(MAX_NODE_DEPTH + 500);
    expect(Math.max(...nodes.map((node) => node.depth))).toBe(MAX_NODE_DEPTH);
    for (const node of nodes) expect(node.bread_crumb).toHaveLength(node.depth);
  });

  it('grows nothing under closed nodes', () => {
    const random = seededRandom(3, 'closed');
    const nodes = nodesFromSeeds([
      { id: 'r', name: 'Root', parent_id: null },
      { id: 'leaf', name: 'Leaf', parent_id: 'r' },
    ]);
    growHierarchy(random, nodes, 50, new Set(['leaf']));
    expect(nodes.some((node) => node.parent_id === 'leaf')).toBe(false);
  });
});
