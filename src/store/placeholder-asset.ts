/** Stored links to placeholders the mock serves itself (seeded images): `asset:{id}.svg`. */
export const ASSET_SCHEME = 'asset:';

/**
 * The stored form of the placeholder image for `id`; responses show it as the mock's own URL.
 * @example placeholderAsset('5f0c') // 'asset:5f0c.svg'
 */
export function placeholderAsset(id: string): string {
  return `${ASSET_SCHEME}${id}.svg`;
}
