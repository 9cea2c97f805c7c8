/**
 * The `included` member of a list: only the keys with at least one resource, and none at all when no key has
 * one (decisions.md, Include: the vendor omits `included` when nothing is included).
 * @example includedMembers({ plans: [], products: [{ id: 'p' }] }) // { products: [{ id: 'p' }] }
 */
export function includedMembers(
  members: Readonly<Record<string, readonly unknown[] | undefined>>,
): Record<string, readonly unknown[]> | undefined {
  const kept = Object.entries(members).filter(
    (entry): entry is [string, readonly unknown[]] => entry[1] !== undefined && entry[1].length > 0,
  );
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}
