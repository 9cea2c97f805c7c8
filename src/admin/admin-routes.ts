import { HttpError } from '../http/http-error.js';
import type { Guard, HandlerContext, HandlerResult, HttpMethod, Route } from '../http/route.js';
import { quoteInput } from '../query/query-problem.js';
import type { operations } from './admin-types.gen.js';
import type { ControlPlane } from './control-plane.js';
import type { FaultRuleInput } from './faults.js';
import { eventStream } from './event-stream.js';
import { sinceMeansSomething, type JournalFilter } from './journal.js';

import { placeholderDocument } from './placeholder-document.js';
import { placeholderImage } from './placeholder-image.js';

/** Everything under `/__subcat/` is the mock's own; so is `/` (the inspector). */
export const ADMIN_PREFIX = '/__subcat';

/** `info`: what GET /__subcat/info says besides the session; `assets`: files by path below /__subcat/ ('' the page). */
export interface AdminRoutesConfig<State> {
  plane: ControlPlane<State>;
  info: () => Record<string, unknown>;
  assets: ReadonlyMap<string, { type: string; body: Buffer }>;
  documents: { contractYaml: string; adminJson: string };
  /** The 404 of a path nothing is served at, for JSON clients asking for `/`. */
  notFound: (path: string) => HttpError;
}

/** The JSON body an admin operation takes (spec/admin.openapi.yaml), as generated in admin-types.gen.ts. */
type BodyOf<Id extends keyof operations> = operations[Id] extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : undefined;

type AdminHandler<Body> = (context: Omit<HandlerContext<unknown>, 'body'> & { body: Body }) => HandlerResult;

/** The admin API (spec/admin.openapi.yaml) and the inspector's files as routes, each handed its operation's typed body. */
export function adminRoutes<State>(config: AdminRoutesConfig<State>): Route<State>[] {
  const { plane } = config;
  // `guard`: `token` for state, `query` where a browser sends no header (the live stream), `open` for files.
  const route = <Id extends keyof operations>(
    method: HttpMethod,
    path: string,
    operationId: Id,
    handler: AdminHandler<BodyOf<Id>>,
    guard: Guard = 'token',
  ): Route<State> => ({
    method,
    path: ADMIN_PREFIX + path,
    operationId,
    guard,
    // The validate step has checked the body against this operation's schema, which BodyOf<Id> is generated from.
    handler: (context) => handler({ ...context, body: context.body as BodyOf<Id> }),
  });
  const file = (name: string, asset: { type: string; body: Buffer }): Route<State> => ({
    method: 'GET',
    path: `${ADMIN_PREFIX}/${name}`,
    guard: 'open',
    handler: () => ({ status: 200, headers: { 'Content-Type': asset.type }, body: asset.body }),
  });
  const inspector = config.assets.get('');
  const json = (data: unknown, status = 200): HandlerResult => ({ status, body: { data } });
  const none: HandlerResult = { status: 204 };
  return [
    route('GET', '/info', 'getInfo', ({ session }) =>
      json({
        ...config.info(),
        delay: plane.delay,
        faults: plane.faults.size,
        session: plane.summary(session),
        sessions: { count: plane.list().length, max: plane.options.maxSessions },
      }),
    ),
    route('POST', '/reset', 'reset', ({ query, session }) =>
      json(plane.reset(session, { keepRequests: query.get('keep_requests') === 'true' })),
    ),
    route('GET', '/snapshots', 'listSnapshots', ({ session }) => json(plane.snapshots(session))),
    route('POST', '/snapshots', 'takeSnapshot', ({ body, session }) =>
      json(plane.snapshot(body.name, session), 201),
    ),
    route('POST', '/snapshots/{name}/restore', 'restoreSnapshot', ({ params, session }) =>
      json(plane.restore(params.name ?? '', session)),
    ),
    route('DELETE', '/snapshots/{name}', 'deleteSnapshot', ({ params, session }) => {
      plane.forgetSnapshot(params.name ?? '', session);
      return none;
    }),
    route('GET', '/requests', 'listRequests', ({ query, session }) =>
      json(plane.requests(journalFilter(query, plane, session), session)),
    ),
    route('DELETE', '/requests', 'clearRequests', ({ session }) => {
      plane.clearRequests(session);
      return none;
    }),
    route('GET', '/requests/stream', 'streamRequests', ({ session }) => eventStream(plane, session), 'query'),
    route('GET', '/faults', 'listFaults', () => json(plane.faults.list())),
    route('POST', '/faults', 'addFault', ({ body }) => json(plane.faults.add(faultRule(body)), 201)),
    route('DELETE', '/faults', 'clearFaults', () => {
      plane.faults.clear();
      return none;
    }),
    route('DELETE', '/faults/{id}', 'deleteFault', ({ params }) => {
      if (!plane.faults.remove(params.id ?? ''))
        throw HttpError.of(404, `no fault rule '${params.id ?? ''}'; GET /__subcat/faults lists them`, {
          parameter: 'id',
        });
      return none;
    }),
    route('GET', '/delay', 'getDelay', () => json({ delay: plane.delay })),
    route('PUT', '/delay', 'setDelay', ({ body: { delay } }) => {
      if (Array.isArray(delay) && (delay[0] ?? 0) > (delay[1] ?? 0))
        throw HttpError.of(400, '/delay must be [min, max] with min at most max', { pointer: '/delay' });
      plane.delay = delay;
      return json({ delay });
    }),
    route('GET', '/sessions', 'listSessions', () =>
      json(plane.list().map(({ name }) => plane.summary(name))),
    ),
    route('DELETE', '/sessions/{name}', 'deleteSession', ({ params }) => {
      if (!plane.drop(params.name ?? ''))
        throw HttpError.of(404, `no session '${params.name ?? ''}'`, { parameter: 'name' });
      return none;
    }),
    route(
      'GET',
      '/assets/{file}',
      'getAsset',
      ({ params }) => {
        const file = params.file ?? '';
        const image = placeholderImage(file);
        const body = image ?? placeholderDocument(file);
        if (body === undefined)
          throw HttpError.of(404, `no asset '${file.slice(0, 80)}'; assets are {id}.svg and {id}.pdf`, {
            parameter: 'file',
          });
        const type = image === undefined ? 'application/pdf' : 'image/svg+xml';
        return {
          status: 200,
          headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' },
          body,
        };
      },
      'open',
    ),
    file('openapi.json', {
      type: 'application/json; charset=utf-8',
      body: Buffer.from(config.documents.adminJson),
    }),
    file('openapi.yaml', {
      type: 'application/yaml; charset=utf-8',
      body: Buffer.from(config.documents.contractYaml),
    }),
    ...[...config.assets].map(([name, asset]) => file(name, asset)),
    ...(inspector === undefined
      ? []
      : [
          // `/` is the inspector for a browser; a JSON client keeps the 404 it always had.
          {
            method: 'GET' as const,
            path: '/',
            guard: 'open' as const,
            handler: ({ request, url }: HandlerContext<State>): HandlerResult => {
              if (!/text\/html/.test(request.headers.accept ?? '')) throw config.notFound(url.pathname);
              return { status: 200, headers: { 'Content-Type': inspector.type }, body: inspector.body };
            },
          },
        ]),
  ];
}

/** The journal filter of `GET /__subcat/requests`; a `since` that is neither a time nor a request id is a 400. */
function journalFilter<State>(
  query: URLSearchParams,
  plane: ControlPlane<State>,
  session: string,
): JournalFilter {
  const filter: JournalFilter = {};
  for (const key of ['method', 'path', 'status', 'since'] as const) {
    const value = query.get(key);
    if (value !== null) filter[key] = value;
  }
  const { since } = filter;
  if (
    since !== undefined &&
    !sinceMeansSomething(since, () => plane.existing(session)?.journal.keeps(since) === true)
  )
    throw HttpError.of(
      400,
      `since must be an RFC 3339 time such as 2026-01-01T10:00:00Z, or a request id; ${quoteInput(since)} is neither`,
      { parameter: 'since' },
    );
  const limit = query.get('limit');
  if (limit !== null) filter.limit = Number(limit);
  return filter;
}

/** A rule needs exactly one action besides a delay, or it would match and do nothing (or two things). */
function faultRule(rule: FaultRuleInput): FaultRuleInput {
  const count = [rule.status !== undefined, rule.reset, rule.hang, rule.truncate].filter(
    (on) => on === true,
  ).length;
  if (count === 0 && rule.delay === undefined)
    throw HttpError.of(400, 'a fault rule needs an action: status, delay, reset, hang or truncate', {
      pointer: '',
    });
  if (count > 1)
    throw HttpError.of(
      400,
      'a fault rule takes one of status, reset, hang and truncate (delay goes with any)',
      { pointer: '' },
    );
  return rule;
}
