import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SpecValidators } from '../contract/validators.js';
import { jsonAnswer } from '../http/answers.js';
import type { Step } from '../http/compose.js';
import type { Answer } from '../http/exchange.js';
import { HttpError } from '../http/http-error.js';
import type { OwnRoute } from '../http/pipeline.js';
import { readJsonBody } from '../http/read-body.js';
import { quoteInput } from '../query/query-problem.js';
import type { ControlPlane } from './control-plane.js';
import type { Delay } from './delay.js';
import type { FaultRuleInput } from './faults.js';
import { journalEntry, sinceMeansSomething } from './journal.js';
import { placeholderDocument } from './placeholder-document.js';
import { placeholderImage } from './placeholder-image.js';
import { sessionNameOf } from './session-names.js';

/** Everything under `/__subcat/` is the mock's own; so is `/` (the inspector). */
export const ADMIN_PREFIX = '/__subcat';

export interface AdminRoutesConfig<State> {
  plane: ControlPlane<State>;
  /** Validators of spec/admin.openapi.yaml. */
  validators: SpecValidators;
  /** Throws a 403 unless the request may use the admin API (admin-access.ts); `token` as a query parameter. */
  access: (request: IncomingMessage, token?: string | null) => void;
  /** What GET /__subcat/info says besides the session (seed, sizes, ids, examples...). */
  info: () => Record<string, unknown>;
  /** Files served under /__subcat/ by path ('' is the inspector page). */
  assets: ReadonlyMap<string, { type: string; body: Buffer }>;
  /** The documents served as they are: the contract (YAML) and this API's (JSON). */
  documents: { contractYaml: string; adminJson: string };
  /** The 404 of a path nothing is served at, for JSON clients asking for `/`. */
  notFound: (path: string) => HttpError;
}

interface AdminContext {
  request: IncomingMessage;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  /** The session the request names (header, cookie or ?session=), '' for the default. */
  session: string;
}

type AdminResult = { status: number; body?: unknown; headers?: Record<string, string> } | Answer;

/**
 * The admin API (spec/admin.openapi.yaml) and the inspector's files, as the pipeline's own routes: checked
 * for access, validated against their own document, answered with the same JSON:API errors.
 * @example createPipeline({ ..., ownRoutes: adminRoutes({ plane, validators, access, info, assets, documents, notFound }) })
 */
export function adminRoutes<State>(config: AdminRoutesConfig<State>): OwnRoute[] {
  const { plane, validators, access } = config;
  /**
   * `guard`: `token` for everything that reads or changes state; `query` where a browser cannot send a header
   * (the event stream: `?token=`); `open` for files without state (the page, its scripts, the documents,
   * placeholder images), so the page and product images load beyond loopback too.
   */
  const route = (
    method: string,
    path: string,
    operationId: string | undefined,
    handler: (context: AdminContext) => AdminResult,
    guard: 'token' | 'query' | 'open' = 'token',
  ): OwnRoute => ({
    method,
    path: ADMIN_PREFIX + path,
    answer: (exchange) => {
      if (guard !== 'open')
        access(exchange.request, guard === 'query' ? exchange.url.searchParams.get('token') : undefined);
      const params = exchange.routed?.params ?? {};
      const query = exchange.url.searchParams;
      const operation = operationId === undefined ? undefined : validators.operation(operationId);
      const violations =
        operation?.parameters({ path: params, query, headers: exchange.request.headers }) ?? [];
      const done = (body: unknown): Answer => {
        const found = operation?.body?.(body);
        for (const violation of found?.violations ?? []) violations.push(violation);
        if (violations.length > 0) throw HttpError.ofViolations(400, violations, found?.omitted);
        // Files without state ignore sessions: a broken session cookie must not keep the page from loading.
        // The stream takes its session from ?session= alone (validated above): the inspector's page shares
        // the app's origin, and so its cookie, yet must see every session.
        const session =
          guard === 'open'
            ? ''
            : guard === 'query'
              ? (query.get('session') ?? '')
              : sessionNameOf(exchange.request, query.get('session'));
        return answerOf(handler({ request: exchange.request, params, query, body, session }));
      };
      if (operation?.body === undefined) return done(undefined);
      return readJsonBody(exchange.request, 64 * 1024, validators.bounds).then(done);
    },
  });
  const file = (name: string, asset: { type: string; body: Buffer }) =>
    route(
      'GET',
      `/${name}`,
      undefined,
      () => ({ status: 200, headers: { 'Content-Type': asset.type }, body: asset.body }),
      'open',
    );
  const inspector = config.assets.get('');
  return [
    route('GET', '/info', 'getInfo', ({ session }) => ({
      status: 200,
      body: {
        data: {
          ...config.info(),
          delay: plane.delay,
          faults: plane.faults.size,
          session: ((found) => (found === undefined ? plane.unmade(session) : plane.summary(found)))(
            plane.existing(session),
          ),
          sessions: { count: plane.sessions.size, max: plane.sessions.max },
        },
      },
    })),
    route('POST', '/reset', 'reset', ({ session }) => ({
      status: 200,
      body: { data: plane.reset(session) },
    })),
    route('GET', '/snapshots', 'listSnapshots', ({ session }) => ({
      status: 200,
      body: { data: plane.snapshots(session) },
    })),
    route('POST', '/snapshots', 'takeSnapshot', ({ body, session }) => ({
      status: 201,
      body: { data: plane.snapshot((body as { name: string }).name, session) },
    })),
    route('POST', '/snapshots/{name}/restore', 'restoreSnapshot', ({ params, session }) => ({
      status: 200,
      body: { data: plane.restore(params.name ?? '', session) },
    })),
    route('DELETE', '/snapshots/{name}', 'deleteSnapshot', ({ params, session }) => {
      plane.forgetSnapshot(params.name ?? '', session);
      return { status: 204 };
    }),
    route('GET', '/requests', 'listRequests', ({ query, session }) => {
      const limit = query.get('limit');
      const since = query.get('since');
      if (since !== null && !sinceMeansSomething(since, () => plane.keepsRequest(since, session)))
        throw HttpError.of(
          400,
          `since must be an RFC 3339 time such as 2026-01-01T10:00:00Z, or a request id; ${quoteInput(since)} is neither`,
          { parameter: 'since' },
        );
      const filter = {
        ...optional('method', query.get('method')),
        ...optional('path', query.get('path')),
        ...optional('status', query.get('status')),
        ...optional('since', query.get('since')),
        ...(limit === null ? {} : { limit: Number(limit) }),
      };
      return { status: 200, body: { data: plane.requests(filter, session) } };
    }),
    route('DELETE', '/requests', 'clearRequests', ({ session }) => {
      plane.clearRequests(session);
      return { status: 204 };
    }),
    route('GET', '/requests/stream', 'streamRequests', ({ session }) => eventStream(plane, session), 'query'),
    route('GET', '/faults', 'listFaults', () => ({ status: 200, body: { data: plane.faults.list() } })),
    route('POST', '/faults', 'addFault', ({ body }) => ({
      status: 201,
      body: { data: plane.addFault(faultRule(body)) },
    })),
    route('DELETE', '/faults', 'clearFaults', () => {
      plane.faults.clear();
      return { status: 204 };
    }),
    route('DELETE', '/faults/{id}', 'deleteFault', ({ params }) => {
      if (!plane.faults.remove(params.id ?? ''))
        throw HttpError.of(404, `no fault rule '${params.id ?? ''}'; GET /__subcat/faults lists them`, {
          parameter: 'id',
        });
      return { status: 204 };
    }),
    route('GET', '/delay', 'getDelay', () => ({ status: 200, body: { data: { delay: plane.delay } } })),
    route('PUT', '/delay', 'setDelay', ({ body }) => {
      const delay = (body as { delay: Delay }).delay;
      if (Array.isArray(delay) && (delay[0] ?? 0) > (delay[1] ?? 0))
        throw HttpError.of(400, '/delay must be [min, max] with min at most max', { pointer: '/delay' });
      plane.delay = delay;
      return { status: 200, body: { data: { delay } } };
    }),
    route('GET', '/sessions', 'listSessions', () => ({
      status: 200,
      body: { data: plane.sessions.list().map((session) => plane.summary(session)) },
    })),
    route('DELETE', '/sessions/{name}', 'deleteSession', ({ params }) => {
      plane.dropSession(params.name ?? '');
      return { status: 204 };
    }),
    route(
      'GET',
      '/assets/{file}',
      'getAsset',
      ({ params }) => {
        const file = params.file ?? '';
        const image = placeholderImage(file);
        const document = image === undefined ? placeholderDocument(file) : undefined;
        if (image === undefined && document === undefined)
          throw HttpError.of(404, `no asset '${file.slice(0, 80)}'; assets are {id}.svg and {id}.pdf`, {
            parameter: 'file',
          });
        return {
          status: 200,
          headers: {
            'Content-Type': image === undefined ? 'application/pdf' : 'image/svg+xml',
            'Cache-Control': 'public, max-age=86400',
          },
          body: image ?? document,
        };
      },
      'open',
    ),
    route(
      'GET',
      '/openapi.json',
      undefined,
      () => ({
        status: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: config.documents.adminJson,
      }),
      'open',
    ),
    route(
      'GET',
      '/openapi.yaml',
      undefined,
      () => ({
        status: 200,
        headers: { 'Content-Type': 'application/yaml; charset=utf-8' },
        body: config.documents.contractYaml,
      }),
      'open',
    ),
    ...[...config.assets].filter(([name]) => name !== '').map(([name, asset]) => file(name, asset)),
    ...(inspector === undefined
      ? []
      : [
          file('', inspector),
          // `/` is the inspector for a browser; a JSON client keeps the 404 it always had.
          {
            method: 'GET',
            path: '/',
            answer: ((exchange) => {
              if (!/text\/html/.test(exchange.request.headers.accept ?? ''))
                throw config.notFound(exchange.url.pathname);
              return {
                status: 200,
                headers: { 'Content-Type': inspector.type, 'Content-Length': inspector.body.length },
                body: inspector.body,
              };
            }) as Step,
          },
        ]),
  ];
}

function optional<K extends string>(key: K, value: string | null): Partial<Record<K, string>> {
  return value === null ? {} : ({ [key]: value } as Record<K, string>);
}

/** A rule needs an action, or it would match and do nothing. */
function faultRule(body: unknown): FaultRuleInput {
  const rule = body as FaultRuleInput;
  const acts =
    rule.status !== undefined ||
    rule.delay !== undefined ||
    rule.reset === true ||
    rule.hang === true ||
    rule.truncate === true;
  if (!acts)
    throw HttpError.of(400, 'a fault rule needs an action: status, delay, reset, hang or truncate', {
      pointer: '',
    });
  const actions = [
    rule.status !== undefined,
    rule.reset === true,
    rule.hang === true,
    rule.truncate === true,
  ].filter(Boolean).length;
  if (actions > 1)
    throw HttpError.of(
      400,
      'a fault rule takes one of status, reset, hang and truncate (delay goes with any)',
      { pointer: '' },
    );
  return rule;
}

function answerOf(result: AdminResult): Answer {
  if ('misbehave' in result || 'stream' in result) return result;
  const { status, body, headers = {} } = result;
  if (body === undefined) return { status, headers, body: undefined };
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    return { status, headers: { ...headers, 'Content-Length': bytes.length }, body: bytes };
  }
  return jsonAnswer(status, body, headers);
}

/**
 * The journal as Server-Sent Events: one `request` event per entry of `session` (of every session when ''),
 * a comment every 15 s. Only `?session=` narrows it, not the header or cookie: the inspector's page shares the
 * app's origin, and so its cookie, yet must see every session.
 */
function eventStream<State>(plane: ControlPlane<State>, session: string): Answer {
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    },
    body: undefined,
    stream: (response: ServerResponse) => {
      const stop = plane.feed.subscribe((record) => {
        if (session !== '' && record.session !== session) return;
        response.write(`event: request\ndata: ${JSON.stringify(journalEntry(record))}\n\n`);
      });
      if (stop === undefined) {
        response.end('event: full\ndata: too many listeners; poll GET /__subcat/requests instead\n\n');
        return;
      }
      response.write(': subcat journal\n\n');
      const beat = setInterval(() => response.write(': beat\n\n'), 15_000);
      beat.unref();
      response.once('close', () => {
        clearInterval(beat);
        stop();
      });
    },
  };
}
