import { MAX_NODE_DEPTH, type NodeRecord } from '../../store/catalog/catalog-records.js';
import type { SeedRandom } from '../seed-random.js';

export interface NodeSeed {
  id: string;
  name: string;
  parent_id: string | null;
}

/** A node under `parent` (or a root), with its bread crumb: the ids from the root down to itself. */
export function makeNode(seed: NodeSeed, parent: NodeRecord | undefined): NodeRecord {
  return {
    id: seed.id,
    name: seed.name,
    parent_id: parent?.id ?? null,
    depth: (parent?.depth ?? 0) + 1,
    bread_crumb: [...(parent?.bread_crumb ?? []), seed.id],
    product_indexes: [],
    curated_product_ids: [],
  };
}

/** Fixed nodes in the given order (a parent before its children), checked against the depth limit. */
export function nodesFromSeeds(seeds: readonly NodeSeed[]): NodeRecord[] {
  const byId = new Map<string, NodeRecord>();
  for (const seed of seeds) {
    const parent = seed.parent_id === null ? undefined : byId.get(seed.parent_id);
    if (seed.parent_id !== null && parent === undefined)
      throw new Error(`node ${seed.id}: parent ${seed.parent_id} not seen yet`);
    const node = makeNode(seed, parent);
    if (node.depth > MAX_NODE_DEPTH)
      throw new Error(`node ${seed.id} is deeper than ${MAX_NODE_DEPTH} levels`);
    byId.set(node.id, node);
  }
  return [...byId.values()];
}

function nodeName({ faker }: SeedRandom): string {
  return `${faker.commerce.productAdjective()} ${faker.commerce.department()}`;
}

/** A root with a chain of children down to the deepest allowed level, so every catalog reaches it. */
export function seedDeepChain(random: SeedRandom): NodeRecord[] {
  const chain: NodeRecord[] = [];
  for (let depth = 1; depth <= MAX_NODE_DEPTH; depth++) {
    chain.push(makeNode({ id: random.fakerUuid(), name: nodeName(random), parent_id: null }, chain.at(-1)));
  }
  return chain;
}

/** Adds `count` nodes under random `nodes` neither at the deepest level nor `closed` (kept as leaves). */
export function growHierarchy(
  random: SeedRandom,
  nodes: NodeRecord[],
  count: number,
  closed: ReadonlySet<string> = new Set(),
): void {
  const open = nodes.filter((node) => node.depth < MAX_NODE_DEPTH && !closed.has(node.id));
  for (let index = 0; index < count && open.length > 0; index++) {
    const parent = random.pick(open);
    const node = makeNode({ id: random.fakerUuid(), name: nodeName(random), parent_id: parent.id }, parent);
    nodes.push(node);
    if (node.depth < MAX_NODE_DEPTH) open.push(node);
  }
}
