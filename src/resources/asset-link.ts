import { ASSET_SCHEME } from '../store/placeholder-asset.js';

/** The path of the mock's placeholder files, below its base path (src/admin serves them). */
export const ASSETS_PATH = '/__subcat/assets/';

/**
 * A link as the response shows it: a stored `asset:{file}` becomes the mock's own URL for it, so images
 * render in a front-end on whatever host and base path it reached the mock by; any other link is kept.
 * @example assetLink('asset:5f0c.svg', 'http://127.0.0.1:4010/v2') // 'http://127.0.0.1:4010/v2/__subcat/assets/5f0c.svg'
 */
export function assetLink(link: string, base: string): string {
  return link.startsWith(ASSET_SCHEME) ? `${base}${ASSETS_PATH}${link.slice(ASSET_SCHEME.length)}` : link;
}
