import type { Source } from '../check.js';
import { duplicateIds, idsOf, listIds, missingIds } from './id-sets.js';
import { arrayOf, idOf, jsonAt, objectEntries } from './json-at.js';

/** What one rule of an include check found wrong. */
export interface Finding {
  rule: string;
  source: Source;
  message: string;
  expected?: unknown;
  actual?: unknown;
}

/** Only the asked keys, each an array without repeated ids. */
export function keyFindings(included: unknown, asked: readonly string[], askedSource: Source): Finding[] {
  const findings: Finding[] = [];
  const keys = objectEntries(included).map(([key]) => key);
  for (const key of asked) {
    // A key with nothing to include may be left out, as the vendor leaves it (decisions.md, Include).
    if (Array.isArray(jsonAt(included, key)) || jsonAt(included, key) === undefined) continue;
    findings.push({
      rule: `included holds the asked ${key}`,
      source: askedSource,
      message: `included.${key} is ${JSON.stringify(jsonAt(included, key)) ?? 'missing'}`,
      expected: 'an array',
      actual: jsonAt(included, key) ?? 'missing',
    });
  }
  const unasked = keys.filter((key) => !asked.includes(key));
  if (unasked.length > 0) {
    findings.push({
      rule: 'included holds only the asked keys (decisions.md)',
      source: 'convention',
      message: `included also holds ${unasked.join(', ')} (asked: ${asked.join(', ')})`,
      expected: asked,
      actual: keys,
    });
  }
  for (const key of asked) {
    const repeated = duplicateIds(idsOf(arrayOf(jsonAt(included, key))));
    if (repeated.length === 0) continue;
    findings.push({
      rule: 'included resources are de-duplicated by id (decisions.md)',
      source: 'convention',
      message: `included.${key} repeats ${listIds(repeated)}`,
      actual: repeated,
    });
  }
  return findings;
}

/** Ids a relationship lists (`{ data: [{ id }] }` or `{ data: { id } }`); the inner shape is not contract. */
export function relationshipIds(relationship: unknown): string[] {
  const data = jsonAt(relationship, 'data');
  return Array.isArray(data) ? idsOf(data) : [idOf(data)].filter((id): id is string => id !== undefined);
}

/**
 * Plans and products of the page's subscriptions: each subscription's plan_id is among the included plans
 * (interface.md: the plans associated with a subscription); offering relationships, where the server shows
 * them, name the rest; anything tied to no offering of the page is unrelated (decisions.md).
 */
export function subscriptionFindings(
  data: readonly unknown[],
  included: unknown,
  asked: readonly string[],
): Finding[] {
  const findings: Finding[] = [];
  const offerings = data.map((subscription) => jsonAt(subscription, 'attributes', 'offering'));
  const offeringIds = new Set(offerings.map(idOf).filter((id): id is string => id !== undefined));
  for (const key of asked) {
    const items = arrayOf(jsonAt(included, key));
    const itemIds = idsOf(items);
    const listed = offerings.flatMap((offering) => relationshipIds(jsonAt(offering, 'relationships', key)));
    const related = new Set(listed);
    if (key === 'plans') {
      const planIds = data
        .map((subscription) => jsonAt(subscription, 'attributes', 'plan_id'))
        .filter((id): id is string => typeof id === 'string');
      planIds.forEach((id) => related.add(id));
      const missing = missingIds(planIds, itemIds);
      if (missing.length > 0) {
        findings.push({
          rule: 'included.plans holds the plan of every subscription of the page (its plan_id)',
          source: 'contract',
          message: `${missing.length} plan_id(s) of the page are not in included.plans: ${listIds(missing)}`,
          expected: planIds,
          actual: itemIds,
        });
      }
    }
    const notIncluded = missingIds(listed, itemIds);
    if (notIncluded.length > 0) {
      findings.push({
        rule: `included.${key} holds the ${key} the page's offerings relate to`,
        source: 'convention',
        message: `${notIncluded.length} ${key} related to an offering of the page are not included: ${listIds(notIncluded)}`,
        expected: listed,
        actual: itemIds,
      });
    }
    const unrelated = items.filter((item) => {
      const id = idOf(item);
      if (id === undefined || related.has(id)) return false;
      const offering = relationshipIds(jsonAt(item, 'relationships', 'offering'));
      // Unknown when neither side shows the tie: the contract does not show relationships.
      return offering.length > 0 ? !offering.some((o) => offeringIds.has(o)) : listed.length > 0;
    });
    if (unrelated.length > 0) {
      findings.push({
        rule: `included.${key} holds only ${key} of the page's subscriptions (decisions.md)`,
        source: 'convention',
        message: `${unrelated.length} included ${key} belong to no offering of the page: ${listIds(idsOf(unrelated))}`,
        actual: idsOf(unrelated),
      });
    }
  }
  return findings;
}

/** Where the page's products point: component products (three places show them), main images, files. */
function nodeProductReferences(data: readonly unknown[]): Record<string, Set<string>> {
  const references = {
    component_products: new Set<string>(),
    main_images: new Set<string>(),
    files: new Set<string>(),
  };
  for (const product of data) {
    const relationships = jsonAt(product, 'relationships');
    relationshipIds(jsonAt(relationships, 'component_products')).forEach((id) =>
      references.component_products.add(id),
    );
    for (const [, component] of objectEntries(jsonAt(product, 'attributes', 'components'))) {
      idsOf(arrayOf(jsonAt(component, 'options'))).forEach((id) => references.component_products.add(id));
    }
    for (const [id] of objectEntries(jsonAt(product, 'meta', 'bundle_configuration', 'component_products'))) {
      references.component_products.add(id);
    }
    relationshipIds(jsonAt(relationships, 'main_image')).forEach((id) => references.main_images.add(id));
    relationshipIds(jsonAt(relationships, 'files')).forEach((id) => references.files.add(id));
  }
  return references;
}

/** include value -> included key (decisions.md names). */
export const NODE_INCLUDES = {
  component_products: 'component_products',
  main_image: 'main_images',
  files: 'files',
} as const;
export type NodeInclude = keyof typeof NODE_INCLUDES;

/** The included resources are exactly those the page's products reference (decisions.md). */
export function nodeProductFindings(
  data: readonly unknown[],
  included: unknown,
  keys: readonly string[],
): Finding[] {
  const references = nodeProductReferences(data);
  const findings: Finding[] = [];
  for (const key of keys) {
    const ids = idsOf(arrayOf(jsonAt(included, key)));
    const referenced = references[key] ?? new Set<string>();
    const unrelated = missingIds(ids, referenced);
    const missing = missingIds(referenced, ids);
    if (unrelated.length === 0 && missing.length === 0) continue;
    findings.push({
      rule: `included.${key} holds exactly what the page's products reference (decisions.md)`,
      source: 'convention',
      message: `included.${key}: ${unrelated.length} not referenced by the page (${listIds(unrelated)}), ${missing.length} referenced but missing (${listIds(missing)})`,
      expected: [...referenced],
      actual: ids,
    });
  }
  return findings;
}
