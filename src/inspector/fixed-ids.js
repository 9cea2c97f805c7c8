/**
 * The fixed ids as rows: nested names joined with `.`, list items numbered, notes (names starting with `_`) left out.
 * @example fixedIds({ catalog: { catalog_id: 'c1', release_ids: ['r1'] } })
 * // [{ name: 'catalog.catalog_id', value: 'c1' }, { name: 'catalog.release_ids[0]', value: 'r1' }]
 */
export function fixedIds(ids, prefix = '') {
  if (typeof ids === 'string' || typeof ids === 'number') return [{ name: prefix, value: String(ids) }];
  if (Array.isArray(ids)) return ids.flatMap((item, index) => fixedIds(item, `${prefix}[${index}]`));
  if (ids === null || typeof ids !== 'object') return [];
  return Object.entries(ids)
    .filter(([name]) => !name.startsWith('_'))
    .flatMap(([name, value]) => fixedIds(value, prefix === '' ? name : `${prefix}.${name}`));
}
