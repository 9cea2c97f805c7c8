import { ASSET_SCHEME } from '../store/placeholder-asset.js';

/** The path of the mock's placeholder files, below its base path (src/admin serves them). */
export const ASSETS_PATH = '/__subcat/assets/';

/** A stored `asset:` link as the mock's own URL at `base`, so images render on whatever host reached the mock. */
export function assetLink(link: string, base: string): string {
  return link.startsWith(ASSET_SCHEME) ? `${base}${ASSETS_PATH}${link.slice(ASSET_SCHEME.length)}` : link;
}
