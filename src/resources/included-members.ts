/** `included` with only its non-empty keys, or none (decisions.md, Include: the vendor omits an empty one). */
export function includedMembers(
  members: Readonly<Record<string, readonly unknown[] | undefined>>,
): Record<string, readonly unknown[]> | undefined {
  const kept = Object.entries(members).filter(
    (entry): entry is [string, readonly unknown[]] => entry[1] !== undefined && entry[1].length > 0,
  );
  return kept.length === 0 ? undefined : Object.fromEntries(kept);
}
