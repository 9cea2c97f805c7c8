import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root.js';
import { fixedIds } from './fixed-ids.js';

describe('fixedIds', () => {
  const cases: { title: string; ids: unknown; expected: ReturnType<typeof fixedIds> }[] = [
    {
      title: 'nested names joined and lists numbered',
      ids: { catalog: { catalog_id: 'c1', release_ids: ['r1', 'r2'] } },
      expected: [
        { name: 'catalog.catalog_id', value: 'c1' },
        { name: 'catalog.release_ids[0]', value: 'r1' },
        { name: 'catalog.release_ids[1]', value: 'r2' },
      ],
    },
    {
      title: 'notes left out',
      ids: { _comment: 'x', catalog: { _release_order: 'oldest first', node_id: 'n1' } },
      expected: [{ name: 'catalog.node_id', value: 'n1' }],
    },
    { title: 'nothing from nothing', ids: null, expected: [] },
    { title: 'nothing from a boolean', ids: { flag: true }, expected: [] },
  ];
  it.for(cases)('lists $title', ({ ids, expected }) => {
    expect(fixedIds(ids)).toEqual(expected);
  });

  it('lists every id of fixtures/ids.json once, each a UUID', () => {
    const ids: unknown = JSON.parse(readFileSync(join(packageRoot(), 'fixtures', 'ids.json'), 'utf8'));
    const rows = fixedIds(ids);
    expect(rows.length).toBeGreaterThanOrEqual(15);
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    for (const row of rows)
      expect(row.value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
