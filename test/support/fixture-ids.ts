import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../src/package-root.js';

/** fixtures/ids.json: the ids of the records every mock holds whatever its seed. */
export interface FixtureIds {
  catalog: {
    catalog_id: string;
    /** Oldest first: the first is no longer published, the last is `latest`. */
    release_ids: string[];
    root_node_id: string;
    node_id: string;
    deep_node_id: string;
    empty_node_id: string;
  };
  subscriptions: {
    account_id: string;
    offering_id: string;
    plan_ids: [string, string];
    product_ids: string[];
    subscription_id: string;
    pending_subscription_id: string;
  };
}

/** Read once per test file, typed once for every test that names a fixed record. */
export const FIXTURE_IDS = JSON.parse(
  readFileSync(join(packageRoot(), 'fixtures', 'ids.json'), 'utf8'),
) as FixtureIds;
