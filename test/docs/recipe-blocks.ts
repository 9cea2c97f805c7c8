import type { CodeBlock } from './readme-blocks.js';

// The README blocks (by first line) each test file of this folder runs; readme-recipes.test.ts checks that
// every block of the front-end and QA sections is run by one of them.

/** readme-servers.test.ts: the blocks that start a mock of their own. */
export const SERVER_BLOCKS = [
  'npm ci && npm start                         # http://127.0.0.1:4010, seed 1, 300 subscriptions',
  'npm run mock -- --delay 300                   # every answer of the four operations 300 ms late',
  'npm run mock -- --state-file .subcat-state.jsonl',
  'npm run mock -- --admin-token change-me-please',
] as const;
/** readme-servers.test.ts: the state-file errors shown, compared with real ones. */
export const LOCK_LINE =
  'subcat mock: could not start: state file .subcat-state.jsonl is in use by another mock';
export const BAD_LINE =
  'subcat mock: could not start: state file .subcat-state.jsonl line 7 has a session name';

/** readme-kit.test.ts: the kit's, the CI's and the proxy's blocks. */
export const KIT_BLOCKS = {
  wholeKit: "subcat check --base-url http://127.0.0.1:4010 --header 'x-subcat-session: kit'",
  staging: 'export TOKEN=...                                   # never written to the output',
  baseline:
    'subcat check --base-url "$BASE_URL" --baseline reports/kit-main.json --report json=reports/kit.json',
  output:
    '  ✗ filters.node-products-eq-sku  getNodeProducts  [contract] interface.md § Get a node\'s products: "eq | name, sku, slug, ..."',
  workflow: 'jobs:',
  script: '#!/usr/bin/env bash',
  proxy:
    'subcat proxy --upstream https://staging.example.com --port 4011 --header "Authorization: Bearer $TOKEN" \\',
} as const;

/** readme-playwright.test.ts: the Playwright recipe's files, by the comment on their first line. */
export const PLAYWRIGHT_FILES = ['fixtures.ts', 'subscriptions.spec.ts'] as const;

/** The block whose first line starts with `line`; a README without it fails the test that asked. */
export function blockStarting(blocks: readonly CodeBlock[], line: string): CodeBlock {
  const block = blocks.find((candidate) => (candidate.code.split('\n')[0] ?? '').startsWith(line));
  if (block === undefined) throw new Error(`README.md has no block starting ${line}`);
  return block;
}
