import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';

/** The fixed ids of every mock, whatever the seed (fixtures/ids.json). */
export interface FixtureIds {
  catalog: {
    catalog_id: string;
    /** Oldest first; the first is no longer published. */
    release_ids: [string, string, string, string];
    root_node_id: string;
    node_id: string;
    deep_node_id: string;
    empty_node_id: string;
  };
  subscriptions: {
    account_id: string;
    offering_id: string;
    plan_ids: [string, string];
    product_ids: [string, string];
    subscription_id: string;
    pending_subscription_id: string;
  };
}

const file = JSON.parse(readFileSync(join(packageRoot(), 'fixtures', 'ids.json'), 'utf8')) as FixtureIds;

/**
 * `subcat/fixtures`: the fixed ids, typed, for a front-end's tests against the mock.
 * @example import { ids } from 'subcat/fixtures'; fetch(`${mock.url}/subscriptions/subscriptions?filter=eq(account_id,${ids.subscriptions.account_id})`)
 */
export const ids: FixtureIds = { catalog: file.catalog, subscriptions: file.subscriptions };
