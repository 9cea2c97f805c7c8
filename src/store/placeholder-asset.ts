/** Stored links to placeholders the mock serves itself (seeded images and documents): `asset:{id}.svg`, `.pdf`. */
export const ASSET_SCHEME = 'asset:';

/** The stored form of the placeholder image (or PDF) for `id`; responses show it as the mock's own URL. */
export function placeholderAsset(id: string, extension: 'svg' | 'pdf' = 'svg'): string {
  return `${ASSET_SCHEME}${id}.${extension}`;
}
