import type { PageLinks } from '../../query/links.js';
import type { PageMeta } from '../../query/paging.js';
import { writeSubscriptionIncludedJson } from './subscription-included.js';
import { writeSubscriptionJson } from './subscription-json.js';
import type { SubscriptionRecord } from './subscription-record.js';

/**
 * The JSON text of a list page, `{ meta, data, included?, links }`, byte for byte what JSON.stringify of the
 * page object gives, joined in one pass from the texts its records, plans and products keep.
 * @example subscriptionListJson(store.list().slice(0, 25), new Set(['plans']), links, meta) // '{"meta":{...'
 */
export function subscriptionListJson(
  records: readonly SubscriptionRecord[],
  include: ReadonlySet<string>,
  links: PageLinks,
  meta: PageMeta,
): string {
  const parts = ['{"meta":', JSON.stringify(meta), ',"data":['];
  records.forEach((record, index) => {
    if (index > 0) parts.push(',');
    writeSubscriptionJson(parts, record);
  });
  parts.push(']');
  const included: string[] = [];
  if (writeSubscriptionIncludedJson(included, records, include)) parts.push(',"included":', ...included);
  parts.push(',"links":', JSON.stringify(links), '}');
  return parts.join('');
}
