import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';
import { loadSpec } from './contract/spec-document.js';
import { specValidators } from './contract/validators.js';
import { createLogger } from './http/logger.js';
import { routes } from './http/operations/index.js';
import type { OperationsState } from './http/operations/operations-state.js';
import { sharedState } from './http/pipeline.js';
import { listen } from './http/server.js';
import { resolveMockOptions, type MockOptions } from './mock-options.js';
import { SubscriptionTexts } from './resources/subscriptions/subscription-texts.js';
import { TextMemo } from './resources/text-memo.js';
import { seedMock } from './seed/seed-mock.js';
import { CatalogStore } from './store/catalog/catalog-store.js';
import { SeededSubscriptions } from './store/subscriptions/seeded-subscriptions.js';
import { SubscriptionStore } from './store/subscriptions/subscription-store.js';

export { DEFAULT_MOCK_OPTIONS, type MockOptions } from './mock-options.js';

export interface RunningMock {
  /** Base URL of the mock, base path included, no trailing slash, e.g. `http://127.0.0.1:4010/v2`. */
  url: string;
  /** Working node-products URLs of the fixed catalog (one with `latest`, one with an explicit release). */
  examples: string[];
  /** Stops the server; in-flight requests finish first. */
  close(): Promise<void>;
}

// Texts kept for reuse: 16 Mi code units (at most 32 MB), enough for every record of a few hundred busy pages.
const TEXT_MEMO_CHARS = 16 * 1024 * 1024;

/** The packaged spec, or the document at `specPath` (an extended copy served with Prism for the extra operations). */
function specDocument(specPath: string | undefined): OpenAPIV3_1.Document {
  return specPath === undefined
    ? loadSpec()
    : (parse(readFileSync(specPath, 'utf8')) as OpenAPIV3_1.Document);
}

/**
 * Starts the stateful mock in this process, with the same options as `subcat mock`.
 *
 * @example
 * import { startMock } from 'subcat';
 *
 * const mock = await startMock({ port: 0, seed: 7, subscriptions: 50, logLevel: 'silent' });
 * const response = await fetch(`${mock.url}/subscriptions/subscriptions?page[limit]=5`);
 * await mock.close();
 */
export async function startMock(options: Partial<MockOptions> = {}): Promise<RunningMock> {
  const resolved = resolveMockOptions(options);
  const logger = createLogger(resolved.logLevel);
  const validators = specValidators(specDocument(resolved.specPath));
  const seeded = seedMock(resolved);
  const memo = new TextMemo(TEXT_MEMO_CHARS);
  const state: OperationsState = {
    subscriptions: new SubscriptionStore(new SeededSubscriptions(seeded.subscriptions), {
      maxSubscriptions: resolved.maxSubscriptions,
    }),
    catalog: new CatalogStore(seeded.catalogs),
    texts: new SubscriptionTexts(memo),
    memo,
    pageLength: resolved.pageLength,
  };
  const corsOrigins = resolved.corsOrigins.length === 0 ? 'any' : resolved.corsOrigins;
  const running = await listen(
    {
      routes,
      sessionSteps: [sharedState(state)],
      options: { ...resolved, corsOrigins },
      validators,
      logger,
    },
    resolved.host,
    resolved.port,
  );
  const url = resolved.basePath === '/' ? running.origin : running.origin + resolved.basePath;
  const examples = seeded.examplePaths.map((path) => url + path);
  return {
    url,
    examples,
    close: async () => {
      await running.close();
    },
  };
}
