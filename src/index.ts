import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { accessStep, adminAccess, adminOrigins, isLoopback } from './admin/admin-access.js';
import { ADMIN_PREFIX, adminRoutes } from './admin/admin-routes.js';
import { ControlPlane } from './admin/control-plane.js';
import { inspectorAssets } from './inspector/inspector-assets.js';
import type { Delay, FaultRuleInput, FaultRuleView } from './admin/faults.js';
import type { JournalEntry, JournalFilter } from './admin/journal.js';
import { SESSION_HEADER } from './admin/control-plane.js';
import { isJsonObject } from './contract/json-pointer.js';
import { loadAdminSpec, loadSpec, parseSpecYaml, specPath } from './contract/spec-document.js';
import { specValidators } from './contract/validators.js';
import { HttpError } from './http/http-error.js';
import { createLogger } from './http/logger.js';
import { routes } from './http/operations/index.js';
import type { OperationsState } from './http/operations/operations-state.js';
import { HEALTH_PATH } from './http/pipeline.js';
import { PRISM_PACKAGE, prismInstalled } from './http/prism-fallback.js';
import { listen } from './http/server.js';
import { issuedBearer, tokenRoute } from './http/auth.js';
import { TOKEN_PATH, TokenRegistry } from './vendor/access-token.js';
import { resolveMockOptions, type MockOptions } from './mock-options.js';
import { packageRoot } from './package-root.js';
import { seededStores } from './seed/seeded-stores.js';
import type { SubscriptionStore } from './store/subscriptions/subscription-store.js';

export { DEFAULT_MOCK_OPTIONS, type MockOptions } from './mock-options.js';
export type { Delay, FaultRuleInput, FaultRuleView, JournalEntry, JournalFilter };

/** One session of a running mock: its base URL stays the mock's; requests carry its header. */
export interface MockSession {
  name: string;
  /** Send these headers on every request of this session (or the cookie `subcat-session=NAME`). */
  headers: Record<string, string>;
  /** Back to the seed, the session's journal cleared too unless `keepRequests`. */
  reset: (options?: ResetOptions) => void;
  snapshot: (name: string) => void;
  restore: (name: string) => void;
  requests: (filter?: JournalFilter) => JournalEntry[];
  /** Empties the session's journal. */
  clearRequests: () => void;
}

export interface ResetOptions {
  /** Keep the journal (by default a reset clears it, so each test starts with none). */
  keepRequests?: boolean;
}

export interface RunningMock {
  /** Base URL of the mock, base path included, no trailing slash, e.g. `http://127.0.0.1:4010/v2`. */
  url: string;
  /** Working node-products URLs of the fixed catalog (one with `latest`, one with an explicit release). */
  examples: string[];
  /** Back to the seeded data (the default session's), its journal cleared too unless `keepRequests`. */
  reset: (options?: ResetOptions) => void;
  snapshot: (name: string) => void;
  restore: (name: string) => void;
  /** The journal of the default session, newest first. */
  requests: (filter?: JournalFilter) => JournalEntry[];
  /** Empties the default session's journal. */
  clearRequests: () => void;
  /** Adds a fault rule; `remove()` takes it away again. */
  fault(rule: FaultRuleInput): FaultRuleView & { remove(): void };
  clearFaults(): void;
  /** Sets the latency of every answer of the operations (ms, [min, max], or null). */
  delay(delay: Delay): void;
  /** A named session: its own data, snapshots and journal (made from the seed on first use). */
  session(name: string): MockSession;
  /** Stops the server; in-flight requests finish first. */
  close(): Promise<void>;
}

/** The packaged spec, or the document at `specPath` (an extended copy served with Prism for the extra operations). */
function specDocument(path: string | undefined): { document: OpenAPIV3_1.Document; yaml: string } {
  if (path === undefined) return { document: loadSpec(), yaml: readFileSync(specPath, 'utf8') };
  const yaml = readFileSync(path, 'utf8');
  return { document: parseSpecYaml(yaml), yaml };
}

const readJson = (...path: string[]): unknown =>
  JSON.parse(readFileSync(join(packageRoot(), ...path), 'utf8'));
const packageVersion = () => {
  const found = readJson('package.json');
  return isJsonObject(found) && typeof found.version === 'string' ? found.version : 'unknown';
};
const fixtureIds = () => {
  const found = readJson('fixtures', 'ids.json');
  return isJsonObject(found) ? found : {};
};

/**
 * Starts the stateful mock in this process, with the same options as `subcat mock`, and its control plane.
 * @example const mock = await startMock({ port: 0, seed: 7 }); await fetch(`${mock.url}/subscriptions/subscriptions`);
 */
export async function startMock(options: Partial<MockOptions> = {}): Promise<RunningMock> {
  const resolved = resolveMockOptions(options);
  const logger = createLogger(resolved.logLevel);
  const spec = specDocument(resolved.specPath);
  const validators = specValidators(spec.document);
  const extras = validators.operations.filter(
    (op) => !routes.some((route) => route.operationId === op.operationId),
  );
  if (extras.length > 0 && !prismInstalled())
    throw new TypeError(
      `${resolved.specPath ?? 'the spec'} has operations beyond the four (${extras.map((op) => op.operationId).join(', ')}); serving them needs ${PRISM_PACKAGE}: npm install ${PRISM_PACKAGE}@5.12.0`,
    );
  const stores = seededStores(resolved);
  const { seeded, subscriptions: seededSubscriptions } = stores;
  if (seededSubscriptions.records.length > resolved.maxSubscriptions)
    throw new TypeError(
      `maxSubscriptions (${resolved.maxSubscriptions}) must be at least the seeded subscriptions (${seededSubscriptions.records.length})`,
    );
  const stateOf = (store: SubscriptionStore): OperationsState => ({
    subscriptions: store,
    get catalog() {
      return stores.catalog;
    },
    pageLength: resolved.pageLength,
  });
  const plane = new ControlPlane<OperationsState>({
    seeded: seededSubscriptions,
    stateOf,
    maxSubscriptions: resolved.maxSubscriptions,
    maxSessions: resolved.maxSessions,
    journalSize: resolved.journalSize,
    journalBytes: resolved.journalBytes,
    delay: resolved.delay,
    seed: resolved.seed,
  });
  const adminDocument = loadAdminSpec();
  // Locked, checked and replayed before the server listens (its four modules loaded only for a state file).
  const stateFile =
    resolved.stateFile === undefined
      ? undefined
      : (await import('./admin/state-file.js')).openStateFile(
          resolved.stateFile,
          { seed: resolved.seed, subscriptions: resolved.subscriptions, products: resolved.products },
          plane,
          {
            rules: {
              name: specValidators(adminDocument).schema('Name'),
              subscription: validators.schema('Subscription'),
            },
            repair: resolved.stateFileRepair,
            warn: (text) => logger.warn(text),
          },
        );
  if (stateFile !== undefined) plane.keepChangesIn(stateFile);
  const startedAt = Date.now();
  const version = packageVersion();
  const ids = fixtureIds();
  const mount = (path: string) => (resolved.basePath === '/' ? path : resolved.basePath + path);
  const root = mount('/');
  const health = mount(HEALTH_PATH);
  const admin = mount(ADMIN_PREFIX);
  const adminBelow = mount(`${ADMIN_PREFIX}/`);
  const steps = plane.steps({ exact: [root, health, admin], below: adminBelow });
  const corsOrigins = resolved.corsOrigins.length === 0 ? 'any' : resolved.corsOrigins;
  const ownRoutes = adminRoutes({
    plane,
    info: () => ({
      version,
      seed: resolved.seed,
      subscriptions: resolved.subscriptions,
      products: resolved.products,
      page_length: resolved.pageLength,
      base_path: resolved.basePath,
      auth: resolved.auth,
      started_at: new Date(startedAt).toISOString(),
      uptime_s: Math.round((Date.now() - startedAt) / 100) / 10,
      state_file: resolved.stateFile ?? null,
      ids,
      examples: seeded.examples,
    }),
    assets: inspectorAssets(),
    documents: { contractYaml: spec.yaml, adminJson: JSON.stringify(adminDocument) },
    notFound: (path) =>
      HttpError.of(
        404,
        `Nothing is served at ${path}; the API is under ${mount('/subscriptions')} and ${mount('/catalogs')}, the control plane under ${mount(ADMIN_PREFIX)}/`,
      ),
  });
  const adminCors = adminOrigins(resolved.adminOrigins);
  const tokens = new TokenRegistry();
  const running = await listen(
    {
      routes,
      outerSteps: steps.outer,
      sessionSteps: steps.session,
      bearer: issuedBearer(tokens),
      rootPaths: [TOKEN_PATH],
      own: {
        routes: [...ownRoutes, tokenRoute<OperationsState>(tokens)],
        validators: specValidators(adminDocument),
        access: accessStep(
          adminAccess(resolved.host, resolved.adminToken),
          resolved.host,
          resolved.allowedHosts,
          adminCors,
        ),
        cors: adminCors,
      },
      options: { ...resolved, corsOrigins },
      validators,
      logger,
    },
    resolved.host,
    resolved.port,
  ).catch((error: unknown) => {
    stateFile?.close(); // the lock goes back: the port was taken, not the file
    throw error;
  });
  if (!isLoopback(resolved.host))
    logger.warn(
      resolved.adminToken === undefined
        ? `the mock listens on ${resolved.host}: the admin API (${ADMIN_PREFIX}/) is off; start with --admin-token TOKEN to use it`
        : `the mock listens on ${resolved.host}: the admin API (${ADMIN_PREFIX}/) needs the header x-subcat-admin-token`,
    );
  const url = resolved.basePath === '/' ? running.origin : running.origin + resolved.basePath;
  const sessionHandle = (name: string): MockSession => ({
    name,
    headers: name === '' ? {} : { [SESSION_HEADER]: name },
    reset: (options = {}) => void plane.reset(name, options),
    snapshot: (snapshot) => void plane.snapshot(snapshot, name),
    restore: (snapshot) => void plane.restore(snapshot, name),
    requests: (filter = {}) => plane.requests(filter, name),
    clearRequests: () => plane.clearRequests(name),
  });
  const { reset, snapshot, restore, requests, clearRequests } = sessionHandle('');
  return {
    url,
    examples: seeded.examplePaths.map((path) => url + path),
    reset,
    snapshot,
    restore,
    requests,
    clearRequests,
    fault: (rule) => {
      const added = plane.faults.add(rule);
      return { ...added, remove: () => void plane.faults.remove(added.id) };
    },
    clearFaults: () => plane.faults.clear(),
    delay: (delay) => {
      plane.delay = delay;
    },
    session: sessionHandle,
    close: async () => {
      const { completed, cut } = await running.close();
      stateFile?.close();
      logger.info({ completed, cut }, 'stopped: requests in flight at the stop were completed or cut');
      logger.flush(); // the lines still buffered go out before the caller goes on (or exits)
    },
  };
}
