/** The vendor's keyword for the most recent published release since 2024-09 (its catalog view document). */
export const LATEST_PUBLISHED = 'latestPublished';

/** interface.md's keyword for the same release: the one the store knows. */
export const LATEST = 'latest';

/** `latestPublished` is `latest` (exact case, as the vendor spells it); the alias stays at the edge (design.md). */
export function releaseAlias(releaseId: string): string {
  return releaseId === LATEST_PUBLISHED ? LATEST : releaseId;
}
