import { readFileSync } from 'node:fs';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'yaml';
import { routes } from './http/operations/index.js';
import { createLogger } from './http/logger.js';
import { listen } from './http/server.js';
import { buildState } from './mock-state.js';
import { resolveMockOptions, type MockOptions } from './mock-options.js';
import { loadSpec } from './spec/load.js';
import { specValidators } from './spec/validators.js';

export { DEFAULT_MOCK_OPTIONS, type MockOptions } from './mock-options.js';

export interface RunningMock {
  /** Base URL of the mock, base path included, no trailing slash, e.g. `http://127.0.0.1:4010/v2`. */
  url: string;
  /** Working node-products URLs of the fixed catalog (one with `latest`, one with an explicit release). */
  examples: string[];
  /** Stops the server; in-flight requests finish first. */
  close(): Promise<void>;
}

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
  const state = buildState(resolved);
  const running = await listen(
    { routes, state, options: resolved, validators, logger },
    resolved.host,
    resolved.port,
  );
  const url = resolved.basePath === '/' ? running.origin : running.origin + resolved.basePath;
  const examples = state.catalog.examplePaths().map((path) => url + path);
  return { url, examples, close: () => running.close() };
}
