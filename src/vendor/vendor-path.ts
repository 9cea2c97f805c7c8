/**
 * The path prefixes the vendor's SDKs put before the spec's paths (vendor-facts.md section 1): the js-sdk sends
 * subscriptions under /v2 and catalogs under /pcm, the shopper SDK subscriptions under /v2 and catalogs bare.
 * Each prefix serves one family of the spec's paths only, so /pcm/subscriptions/... stays unknown.
 */
export const VENDOR_PREFIXES: readonly { prefix: string; family: string }[] = [
  { prefix: '/v2', family: '/subscriptions' },
  { prefix: '/v2', family: '/catalogs' },
  { prefix: '/pcm', family: '/catalogs' },
];

/** A request path read as the spec's path plus the vendor prefix it came in on ('' for none). */
export interface VendorPath {
  path: string;
  prefix: string;
}

function inFamily(path: string, family: string): boolean {
  return path === family || path.startsWith(`${family}/`);
}

/**
 * The spec's path for a request path (already without `--base-path`), and the vendor prefix it carried so links
 * can keep it. A path without a known prefix is returned as it is, with prefix ''.
 * @example vendorPath('/pcm/catalogs/c/releases/latest/nodes/n/relationships/products') // { path: '/catalogs/c/releases/latest/nodes/n/relationships/products', prefix: '/pcm' }
 */
export function vendorPath(requestPath: string): VendorPath {
  for (const { prefix, family } of VENDOR_PREFIXES) {
    if (!requestPath.startsWith(`${prefix}/`)) continue;
    const path = requestPath.slice(prefix.length);
    if (inFamily(path, family)) return { path, prefix };
  }
  return { path: requestPath, prefix: '' };
}

/**
 * A link path as the client addressed the resource: the prefix it came in on, then the spec's path.
 * @example vendorLink('/subscriptions/subscriptions', '/v2') // '/v2/subscriptions/subscriptions'
 */
export function vendorLink(specPath: string, prefix: string): string {
  return `${prefix}${specPath}`;
}
