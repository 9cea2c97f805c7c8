import type { SubscriptionInclude } from '../../query/include.js';
import type { Page } from '../../query/paging.js';
import type { OfferingRecord, SubscriptionRecord } from '../../store/subscriptions/records.js';
import type { SubscriptionPage } from '../../store/subscriptions/subscription-store.js';
import { jsonArray, jsonDocument, type JsonText } from '../json-text.js';
import { pageLinks, pageMeta } from '../page-navigation.js';
import type { SubscriptionTexts } from './subscription-texts.js';

/** `{ "data": Subscription }`: the body of a create and of an update. */
export function subscriptionDocument(record: SubscriptionRecord, texts: SubscriptionTexts): JsonText {
  return jsonDocument({ data: texts.subscriptionJson(record) });
}

/**
 * A list page: `{ meta, data, included?, links }`; `included` only when asked, with only the asked keys,
 * the plans and products of the page's offerings, each once, first seen first.
 * @example subscriptionsDocument(store.list([], page), new Set(['plans']), page, requestUrl, 'http://127.0.0.1:4010', texts)
 */
export function subscriptionsDocument(
  found: SubscriptionPage,
  include: ReadonlySet<SubscriptionInclude>,
  page: Page,
  url: URL,
  base: string,
  texts: SubscriptionTexts,
): JsonText {
  const { records, total } = found;
  return jsonDocument({
    meta: pageMeta(total, page),
    data: jsonArray(records.map((record) => texts.subscription(record))),
    included: include.size === 0 ? undefined : included(records, include, base, texts),
    links: pageLinks(url, total, page),
  });
}

function included(
  records: readonly SubscriptionRecord[],
  include: ReadonlySet<SubscriptionInclude>,
  base: string,
  texts: SubscriptionTexts,
): JsonText {
  const offerings = [...new Set(records.map((record) => record.offering))];
  const members: Record<string, JsonText> = {};
  if (include.has('plans')) {
    const active = new Set(records.map((record) => record.plan_id));
    members.plans = jsonArray(
      uniqueOf(offerings, (offering) => offering.plans).map(({ item, offering }) =>
        texts.plan(item, offering, active.has(item.id)),
      ),
    );
  }
  if (include.has('products'))
    members.products = jsonArray(
      uniqueOf(offerings, (offering) => offering.products).map(({ item, offering }) =>
        texts.product(item, offering, base),
      ),
    );
  return jsonDocument(members);
}

/** The plans or products of the offerings, each id once, first seen first, with the offering it came from. */
function uniqueOf<T extends { id: string }>(
  offerings: readonly OfferingRecord[],
  items: (offering: OfferingRecord) => readonly T[],
): { item: T; offering: OfferingRecord }[] {
  const seen = new Set<string>();
  const found: { item: T; offering: OfferingRecord }[] = [];
  for (const offering of offerings)
    for (const item of items(offering)) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      found.push({ item, offering });
    }
  return found;
}
