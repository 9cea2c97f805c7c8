import type { SubscriptionInclude } from '../../query/include.js';
import type { Page } from '../../query/paging.js';
import type { OfferingRecord, SubscriptionRecord } from '../../store/subscriptions/records.js';
import type { SubscriptionPage } from '../../store/subscriptions/subscription-store.js';
import { includedMembers } from '../included-members.js';
import { pageLinks, pageMeta } from '../page-navigation.js';
import { encodeOfferingPlan, encodeOfferingProduct } from './offering-resources.js';
import { encodeSubscription } from './subscription-resource.js';

/** `{ "data": Subscription }`: the body of a create and of an update. */
export function subscriptionDocument(record: SubscriptionRecord): { data: unknown } {
  return { data: encodeSubscription(record) };
}

/** A list page; `included` only when asked and found: the page's offerings' plans and products, each once. */
export function subscriptionsDocument(
  found: SubscriptionPage,
  include: ReadonlySet<SubscriptionInclude>,
  page: Page,
  url: URL,
  base: string,
): Record<string, unknown> {
  const { records, total } = found;
  return {
    meta: pageMeta(total, page),
    data: records.map(encodeSubscription),
    included: includedMembers(included(records, include, base)),
    links: pageLinks(url, total, page),
  };
}

function included(
  records: readonly SubscriptionRecord[],
  include: ReadonlySet<SubscriptionInclude>,
  base: string,
): Record<string, unknown[]> {
  const offerings = [...new Set(records.map((record) => record.offering))];
  const members: Record<string, unknown[]> = {};
  if (include.has('plans')) {
    const active = new Set(records.map((record) => record.plan_id));
    members.plans = uniqueOf(offerings, (offering) => offering.plans).map(({ item, offering }) =>
      encodeOfferingPlan(item, offering, active.has(item.id)),
    );
  }
  if (include.has('products'))
    members.products = uniqueOf(offerings, (offering) => offering.products).map(({ item, offering }) =>
      encodeOfferingProduct(item, offering, base),
    );
  return members;
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
