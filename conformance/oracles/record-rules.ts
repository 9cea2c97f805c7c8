import type { Source } from '../check.js';
import { CONTRACT, decision } from '../citations.js';
import {
  curatedFlagProblem,
  hasEmptyVariations,
  tierProblems,
  variationOrderProblems,
} from './catalog-rules.js';
import { jsonAt } from './json-at.js';

/** A broken rule of one record or exchange, as data. */
export interface RecordBreak {
  /** The rule's name in the layer, e.g. `timestamp-order`. */
  id: string;
  rule: string;
  source: Source;
  /** The interface.md line or decisions.md section it rests on. */
  cites: string;
  /** Where it broke: a JSON pointer or a parameter. */
  where: string;
  message: string;
  expected?: unknown;
  actual?: unknown;
}

export interface TimestampOptions {
  /** How far a timestamp may stray from the answer's Date header (default TIMESTAMP_SKEW_MS). */
  skewMs?: number;
}

/** Clocks of a server and its answer's Date header agree to within this: two minutes. */
export const TIMESTAMP_SKEW_MS = 120_000;

/** RFC 3339 (decisions.md § Bounds): a time carries its zone, `Z` or an offset. */
const ZONED = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Objects holding both created_at and updated_at, with their JSON pointers (bounded depth). */
export function timestampPairs(
  value: unknown,
  at = '',
  depth = 0,
  into: Array<{ at: string; created: unknown; updated: unknown }> = [],
): Array<{ at: string; created: unknown; updated: unknown }> {
  if (depth > 8 || value === null || typeof value !== 'object') return into;
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (item !== null && typeof item === 'object') timestampPairs(item, `${at}/${i}`, depth + 1, into);
    });
    return into;
  }
  const record = value as Record<string, unknown>;
  if ('created_at' in record && 'updated_at' in record)
    into.push({ at, created: record.created_at, updated: record.updated_at });
  for (const key in record) {
    const inner = record[key];
    // Only objects can hold a pair: strings and numbers (most of a body) cost no path.
    if (inner !== null && typeof inner === 'object') timestampPairs(inner, `${at}/${key}`, depth + 1, into);
  }
  return into;
}

/**
 * Timestamps are sane: both zoned, created_at at most updated_at, none later than the answer's Date header (plus
 * the skew), and a write's own timestamps within the skew of that Date (a create stamped in local time with a
 * `Z` is hours off).
 */
export function timestampBreaks(
  operation: string,
  body: unknown,
  headers: Readonly<Record<string, string>>,
  { skewMs = TIMESTAMP_SKEW_MS }: TimestampOptions = {},
): RecordBreak[] {
  const date = headers.date === undefined ? Number.NaN : Date.parse(headers.date);
  const breaks: RecordBreak[] = [];
  const skew = `${Math.round(skewMs / 1000)} s`;
  const cites = decision(
    'Create and update',
    'timestamps in ISO 8601 UTC; updated_at set to the time of the update',
  );
  for (const { at, created, updated } of timestampPairs(body)) {
    const times: Array<[string, unknown]> = [
      ['created_at', created],
      ['updated_at', updated],
    ];
    for (const [name, value] of times) {
      if (typeof value === 'string' && !ZONED.test(value))
        breaks.push({
          id: 'timestamp-zone',
          rule: 'a timestamp is an RFC 3339 date-time with its zone (Z or an offset)',
          source: 'convention',
          cites: decision('Bounds'),
          where: `${at}/${name}`,
          message: `${at}/${name} is ${value}: no zone`,
          actual: value,
        });
    }
    const c = typeof created === 'string' ? Date.parse(created) : Number.NaN;
    const u = typeof updated === 'string' ? Date.parse(updated) : Number.NaN;
    if (!Number.isNaN(c) && !Number.isNaN(u) && u < c)
      breaks.push({
        id: 'timestamp-order',
        rule: 'created_at is at most updated_at',
        source: 'contract',
        cites: CONTRACT.createSuccess,
        where: `${at}/updated_at`,
        message: `${at}: updated_at ${String(updated)} is before created_at ${String(created)}`,
        expected: `at least ${String(created)}`,
        actual: updated,
      });
    if (Number.isNaN(date)) continue;
    for (const [name, time] of [
      ['created_at', c],
      ['updated_at', u],
    ] as const) {
      if (!Number.isNaN(time) && time > date + skewMs)
        breaks.push({
          id: 'timestamp-future',
          rule: `no timestamp is later than the answer's Date header (plus ${skew})`,
          source: 'convention',
          cites,
          where: `${at}/${name}`,
          message: `${at}/${name} is ${Math.round((time - date) / 60_000)} min after the Date header ${headers.date}`,
          expected: `at most ${headers.date} + ${skew}`,
          actual: name === 'created_at' ? created : updated,
        });
    }
    // The write's own record: its updated_at is the time of the write.
    const own =
      at === '/data/meta/timestamps' &&
      (operation === 'createSubscription' || operation === 'updateSubscription');
    if (own && !Number.isNaN(u) && Math.abs(u - date) > skewMs)
      breaks.push({
        id: 'timestamp-skew',
        rule: `a write's updated_at is within ${skew} of its answer's Date header`,
        source: 'convention',
        cites,
        where: `${at}/updated_at`,
        message: `updated_at ${String(updated)} is ${Math.round((u - date) / 60_000)} min from the Date header ${headers.date}`,
        expected: headers.date,
        actual: updated,
      });
  }
  return breaks;
}

/** The languages decisions.md says a server supports at least; others fall back to en-US. */
const SUPPORTED_LANGUAGES = ['en-US', 'fr-FR', 'de-DE'];

/** Rules of each product of a node products page, and the documented default language when none is asked. */
export function catalogProductBreaks(
  products: readonly unknown[],
  requestHeaders: Readonly<Record<string, string>>,
): RecordBreak[] {
  const breaks: RecordBreak[] = [];
  const asked = requestHeaders['accept-language'];
  const language =
    asked === undefined ? 'en-US' : SUPPORTED_LANGUAGES.find((supported) => supported === asked.trim());
  products.forEach((product, i) => {
    const at = `/data/${i}`;
    const status = jsonAt(product, 'attributes', 'status');
    if (status !== undefined && status !== 'live')
      breaks.push({
        id: 'live-only',
        rule: 'only products in live status are returned',
        source: 'contract',
        cites: CONTRACT.liveOnly,
        where: `${at}/attributes/status`,
        message: `product ${String(jsonAt(product, 'id'))} is ${JSON.stringify(status)}`,
        expected: 'live',
        actual: status,
      });
    const tiers = tierProblems(product);
    if (tiers.length > 0)
      breaks.push({
        id: 'tiers',
        rule: 'every price tier has a minimum_quantity of at least 1',
        source: 'contract',
        cites: CONTRACT.tiers,
        where: `${at}/attributes/tiers`,
        message: `tiers ${tiers.join(', ')} lack a minimum_quantity of at least 1`,
        actual: tiers,
      });
    if (curatedFlagProblem(product))
      breaks.push({
        id: 'curated-flag',
        rule: 'curated_product is shown only as true',
        source: 'contract',
        cites: CONTRACT.curatedFlag,
        where: `${at}/attributes/curated_product`,
        message: 'curated_product is shown but not true',
        actual: jsonAt(product, 'attributes', 'curated_product'),
      });
    if (hasEmptyVariations(product))
      breaks.push({
        id: 'variations',
        rule: 'variations are omitted when a product has none',
        source: 'contract',
        cites: CONTRACT.variationsOmitted,
        where: `${at}/meta/variations`,
        message: 'meta.variations is present but empty',
        actual: jsonAt(product, 'meta', 'variations'),
      });
    const order = variationOrderProblems(product);
    if (order.length > 0)
      breaks.push({
        id: 'variation-order',
        rule: "a published product's variations and options descend by sort_order",
        source: 'contract',
        cites: CONTRACT.variationsOrder,
        where: `${at}/meta/variations`,
        message: `not in descending sort_order: ${order.join(', ')}`,
        actual: order,
      });
    const shown = jsonAt(product, 'meta', 'language');
    if (language !== undefined && typeof shown === 'string' && shown !== language)
      breaks.push({
        id: 'language',
        rule:
          asked === undefined
            ? 'without accept-language, products are in the default en-US'
            : 'a supported accept-language sets meta.language',
        source: 'convention',
        cites: decision(
          'Catalog',
          'accept-language: the best supported match sets meta.language; unsupported falls back to en-US',
        ),
        where: `${at}/meta/language`,
        message: `meta.language is ${shown}, expected ${language}`,
        expected: language,
        actual: shown,
      });
  });
  return breaks;
}
