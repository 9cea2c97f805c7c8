import { createLogger } from '../../src/http/logger.js';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/http-error.js';
import type { ResponseCacheLimits } from '../../src/http/response-cache.js';
import type { Route } from '../../src/http/route.js';
import { sharedState } from '../../src/http/pipeline.js';
import { listen, type RunningServer } from '../../src/http/server.js';
import { startMock } from '../../src/index.js';
import type { MockOptions } from '../../src/mock-options.js';
import { httpOptions } from '../support/http-options.js';
import { loadSpec } from '../../src/contract/spec-document.js';
import { specValidators, type SpecValidators } from '../../src/contract/validators.js';

// The whole-response cache of the pipeline, over real sockets, with a stand-in handler that counts its calls:
// a response that comes back with an old count was served from the cache.

interface CountingState {
  version: number;
  calls: number;
}

const PATH = '/catalogs/c/releases/latest/nodes/n/relationships/products';

interface ListBody {
  data: unknown[];
}

/** The fixed account and offering of fixtures/ids.json: a create of these always succeeds. */
const validCreate = {
  account_id: '29949968-2749-44ee-9002-18b1b3a8e3a7',
  offering_id: '07ed42d5-63ec-40d8-8ee0-b28bc46cb754',
  currency: 'USD',
  manual_payments: true,
  name: 'Cache Check',
  email: 'cache.check@example.com',
};

const counted: Route<CountingState> = {
  operationId: 'getNodeProducts',
  method: 'GET',
  path: '/catalogs/{catalog_id}/releases/{release_id}/nodes/{node_id}/relationships/products',
  cacheVersion: (state) => state.version,
  handler: ({ url, language, state, params, query }) => {
    state.calls += 1;
    if (params.node_id === 'missing') throw HttpError.of(404, 'no such node', { parameter: 'node_id' });
    const status = query.get('filter') === 'accepted' ? 202 : 200;
    const body = { url: url.href, language, calls: state.calls, version: state.version, text: 'Zoë €' };
    return { status, body, headers: { 'Content-Language': language } };
  },
};

async function start(
  state: CountingState,
  options: Partial<MockOptions> = {},
  responseCache?: ResponseCacheLimits,
  validators: SpecValidators = specValidators(),
): Promise<RunningServer> {
  return listen(
    {
      routes: [counted],
      sessionSteps: [sharedState(state)],
      options: httpOptions(options),
      validators,
      logger: createLogger('silent'),
      responseCache,
    },
    '127.0.0.1',
    0,
  );
}

type Init = Parameters<typeof request>[1];
async function call(base: string, path: string, init: Init = {}) {
  const response = await request(`${base}${path}`, init);
  const bytes = Buffer.from(await response.body.arrayBuffer());
  const text = bytes.toString('utf8');
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes,
    json: text === '' ? undefined : (JSON.parse(text) as { calls: number; url: string; language: string }),
  };
}

const state: CountingState = { version: 1, calls: 0 };
let server: RunningServer;
beforeAll(async () => {
  server = await start(state, { trustProxy: true });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  state.version += 1; // every test starts from an empty cache as far as it can tell
});

describe('whole-response cache', () => {
  it('serves a repeated GET from the cache, byte for byte, with its headers and a fresh request id', async () => {
    const first = await call(server.origin, `${PATH}?page[limit]=5`);
    const second = await call(server.origin, `${PATH}?page[limit]=5`);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json?.calls).toBe(first.json?.calls);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    for (const name of ['content-type', 'content-length', 'content-language'])
      expect(second.headers[name]).toBe(first.headers[name]);
    expect(Number(first.headers['content-length'])).toBe(first.bytes.length);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const traced = await call(server.origin, `${PATH}?page[limit]=5`, {
      headers: { 'x-request-id': 'trace-1' },
    });
    expect([traced.headers['x-request-id'], traced.json?.calls]).toEqual(['trace-1', first.json?.calls]);
  });

  it('calls the handler again after a write bumps the version', async () => {
    const before = await call(server.origin, PATH);
    state.version += 1;
    const after = await call(server.origin, PATH);
    expect(after.json?.calls).toBe((before.json?.calls ?? 0) + 1);
    expect((await call(server.origin, PATH)).json?.calls).toBe(after.json?.calls);
  });

  const apart: { name: string; a: [string, Record<string, string>]; b: [string, Record<string, string>] }[] =
    [
      { name: 'another Host', a: [PATH, { host: 'a.test:80' }], b: [PATH, { host: 'b.test:80' }] },
      {
        name: 'another forwarded proto',
        a: [PATH, { 'x-forwarded-proto': 'http' }],
        b: [PATH, { 'x-forwarded-proto': 'https' }],
      },
      { name: 'another forwarded host', a: [PATH, {}], b: [PATH, { 'x-forwarded-host': 'proxy.test' }] },
      {
        name: 'another language',
        a: [PATH, { 'accept-language': 'fr' }],
        b: [PATH, { 'accept-language': 'de' }],
      },
      { name: 'another query', a: [`${PATH}?page[limit]=5`, {}], b: [`${PATH}?page[limit]=6`, {}] },
      {
        name: 'a reordered query',
        a: [`${PATH}?filter=x&page[limit]=2`, {}],
        b: [`${PATH}?page[limit]=2&filter=x`, {}],
      },
      {
        name: 'a differently encoded query',
        a: [`${PATH}?page[limit]=5`, {}],
        b: [`${PATH}?page%5Blimit%5D=5`, {}],
      },
    ];
  it.each(apart)('keeps requests apart that differ in $name', async ({ a, b }) => {
    const first = await call(server.origin, a[0], { headers: a[1] });
    const other = await call(server.origin, b[0], { headers: b[1] });
    expect(other.json?.calls).toBe((first.json?.calls ?? 0) + 1);
    expect(other.json?.url === first.json?.url && other.json?.language === first.json?.language).toBe(false);
    // and each is then served from its own entry
    expect((await call(server.origin, a[0], { headers: a[1] })).bytes.equals(first.bytes)).toBe(true);
    expect((await call(server.origin, b[0], { headers: b[1] })).bytes.equals(other.bytes)).toBe(true);
  });

  it('answers each Accept-Language header in its negotiated language, a repeat from the cache', async () => {
    const first = await call(server.origin, PATH, { headers: { 'accept-language': 'de' } });
    const second = await call(server.origin, PATH, { headers: { 'accept-language': 'de-AT, en;q=0.5' } });
    const repeat = await call(server.origin, PATH, { headers: { 'accept-language': 'de-AT, en;q=0.5' } });
    expect([first.json?.language, second.json?.language]).toEqual(['de-DE', 'de-DE']);
    expect(repeat.json?.calls).toBe(second.json?.calls);
  });

  it('builds links from Host, not X-Forwarded-*, unless the server trusts a proxy', async () => {
    const untrusting = await start(state);
    try {
      const headers = { 'x-forwarded-host': 'evil.test', 'x-forwarded-proto': 'https' };
      expect((await call(untrusting.origin, PATH, { headers })).json?.url).toBe(
        `${untrusting.origin}${PATH}`,
      );
      expect((await call(server.origin, PATH, { headers })).json?.url).toBe(`https://evil.test${PATH}`);
    } finally {
      await untrusting.close();
    }
  });

  it('keeps each base path to its own links, over one state', async () => {
    const mounted = await start(state, { basePath: '/v2' });
    try {
      const root = await call(server.origin, PATH);
      const v2 = await call(mounted.origin, `/v2${PATH}`);
      expect(root.json?.url).toBe(`${server.origin}${PATH}`);
      expect(v2.json?.url).toBe(`${mounted.origin}/v2${PATH}`);
      expect((await call(mounted.origin, `/v2${PATH}`)).bytes.equals(v2.bytes)).toBe(true);
    } finally {
      await mounted.close();
    }
  });

  const preferences = [
    { name: 'a Prefer header the mock ignores', prefer: 'return=minimal', status: 200 },
    { name: 'Prefer code=404', prefer: 'code=404', status: 404 },
  ];
  it.each(preferences)('neither serves nor stores with $name', async ({ prefer, status }) => {
    const before = state.calls;
    expect((await call(server.origin, PATH, { headers: { prefer } })).status).toBe(status);
    const plain = await call(server.origin, PATH);
    expect(state.calls).toBe(before + (status === 200 ? 2 : 1)); // nothing was stored for the plain request
    expect((await call(server.origin, PATH)).json?.calls).toBe(plain.json?.calls); // now it is
    expect((await call(server.origin, PATH, { headers: { prefer } })).status).toBe(status);
    expect(state.calls).toBe(before + (status === 200 ? 3 : 1)); // and not served to a Prefer request
  });

  const uncached = [
    { name: 'a 202', path: `${PATH}?filter=accepted`, status: 202 },
    { name: 'a handler 404', path: PATH.replace('/n/', '/missing/'), status: 404 },
  ];
  it.each(uncached)('never caches $name', async ({ path, status }) => {
    const before = state.calls;
    expect((await call(server.origin, path)).status).toBe(status);
    expect((await call(server.origin, path)).status).toBe(status);
    expect(state.calls).toBe(before + 2);
  });

  it('answers HEAD from the same entry, without a body and with the same Content-Length', async () => {
    const get = await call(server.origin, PATH);
    const before = state.calls;
    const head = await call(server.origin, PATH, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(state.calls).toBe(before);
  });

  it('adds CORS headers fresh to a cached response, and only when asked', async () => {
    await call(server.origin, PATH, { headers: { origin: 'http://localhost:5173' } });
    const plain = await call(server.origin, PATH);
    const other = await call(server.origin, PATH, { headers: { origin: 'http://localhost:3000' } });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(plain.headers.vary).toBeUndefined();
    expect(other.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(other.json?.calls).toBe(plain.json?.calls);
  });

  it('never serves a cached response to a request that fails auth', async () => {
    const guarded = await start({ version: 1, calls: 0 }, { auth: true });
    try {
      const allowed = await call(guarded.origin, PATH, { headers: { authorization: 'Bearer x' } });
      expect(allowed.status).toBe(200);
      expect((await call(guarded.origin, PATH)).status).toBe(401);
      expect((await call(guarded.origin, PATH, { headers: { authorization: 'Basic x' } })).status).toBe(401);
    } finally {
      await guarded.close();
    }
  });

  it('answers every repeat of an invalid request with its 400, never from a cached neighbour', async () => {
    const before = state.calls;
    await call(server.origin, `${PATH}?page[limit]=5`);
    for (let i = 0; i < 3; i++) expect((await call(server.origin, `${PATH}?page[limit]=0`)).status).toBe(400);
    expect(state.calls).toBe(before + 1);
  });

  it('validates a repeat that differs only in a header parameter the spec declares', async () => {
    // Another spec whose operation requires a header: a request's validity then depends on that header, so
    // a cached answer for a request with it must not be served to one without it.
    const document = structuredClone(loadSpec());
    const operation = document.paths?.[counted.path]?.get;
    operation?.parameters?.push({
      name: 'X-Tenant',
      in: 'header',
      required: true,
      schema: { type: 'string', pattern: '^[a-z]+$' },
    });
    const own: CountingState = { version: 1, calls: 0 };
    const tenanted = await start(own, {}, undefined, specValidators(document));
    try {
      const tenant = { headers: { 'x-tenant': 'acme' } };
      expect((await call(tenanted.origin, PATH, tenant)).status).toBe(200);
      expect((await call(tenanted.origin, PATH, tenant)).json?.calls).toBe(1); // cached
      expect((await call(tenanted.origin, PATH)).status).toBe(400);
      expect((await call(tenanted.origin, PATH, { headers: { 'x-tenant': 'ACME!' } })).status).toBe(400);
      expect((await call(tenanted.origin, PATH, tenant)).json?.calls).toBe(1);
    } finally {
      await tenanted.close();
    }
  });

  /** The packaged spec, changed by `edit`, as validators: how a --spec document may differ. */
  function otherSpec(
    edit: (paths: NonNullable<ReturnType<typeof loadSpec>['paths']>) => void,
  ): SpecValidators {
    const document = structuredClone(loadSpec());
    if (document.paths !== undefined) edit(document.paths);
    return specValidators(document);
  }

  it('keeps languages apart under a spec whose operation declares no Accept-Language', async () => {
    const validators = otherSpec((paths) => {
      const operation = paths[counted.path]?.get;
      if (operation !== undefined) operation.parameters = [];
    });
    const own: CountingState = { version: 1, calls: 0 };
    const bare = await start(own, {}, undefined, validators);
    try {
      const de = { headers: { 'accept-language': 'de-DE' } };
      await call(bare.origin, PATH, de);
      expect((await call(bare.origin, PATH, de)).json?.language).toBe('de-DE');
      const fr = await call(bare.origin, PATH, { headers: { 'accept-language': 'fr-FR' } });
      expect([fr.json?.language, fr.json?.calls]).toEqual(['fr-FR', 2]);
    } finally {
      await bare.close();
    }
  });

  it('never answers HEAD from GET when the spec gives HEAD an operation of its own', async () => {
    const validators = otherSpec((paths) => {
      const item = paths[counted.path];
      if (item !== undefined)
        item.head = {
          operationId: 'headNodeProducts',
          parameters: [{ name: 'X-Need', in: 'header', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        };
    });
    const own: CountingState = { version: 1, calls: 0 };
    const headed = await start(own, {}, undefined, validators);
    try {
      expect((await call(headed.origin, PATH)).status).toBe(200);
      expect((await call(headed.origin, PATH)).status).toBe(200);
      expect((await call(headed.origin, PATH, { method: 'HEAD' })).status).toBe(400);
    } finally {
      await headed.close();
    }
  });

  it('never keeps a response node refused to send, and stays up when the same request comes again', async () => {
    // A route bug (a header value node refuses) is a 500 on every request, never a cached replay that throws
    // outside the request's promise and ends the process.
    const badHeader: Route<CountingState> = {
      ...counted,
      handler: () => ({ status: 200, body: { ok: true }, headers: { 'X-Note': 'caf\u0100' } }),
    };
    const broken = await listen(
      {
        routes: [badHeader],
        sessionSteps: [sharedState({ version: 1, calls: 0 })],
        options: httpOptions(),
        validators: specValidators(),
        logger: createLogger('silent'),
      },
      '127.0.0.1',
      0,
    );
    try {
      for (let i = 0; i < 3; i++) expect((await call(broken.origin, PATH)).status).toBe(500);
    } finally {
      await broken.close();
    }
  });

  it('holds at most the configured number of entries, least recently used out first', async () => {
    const own: CountingState = { version: 1, calls: 0 };
    const small = await start(own, {}, { maxBytes: 1_000_000, maxEntries: 2 });
    try {
      for (const limit of [1, 2, 1, 3]) await call(small.origin, `${PATH}?page[limit]=${limit}`);
      expect(own.calls).toBe(3); // 1 came from the cache
      await call(small.origin, `${PATH}?page[limit]=1`); // kept: used more recently than 2
      expect(own.calls).toBe(3);
      await call(small.origin, `${PATH}?page[limit]=2`); // pushed out by 3
      expect(own.calls).toBe(4);
    } finally {
      await small.close();
    }
  });
});

describe('the mock with its real routes', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock({ port: 0, seed: 11, subscriptions: 60, products: 60, logLevel: 'silent' });
  });
  afterAll(async () => {
    await mock.close();
  });

  it('answers byte-identical bodies whether a response is rendered, cached or rendered past the cache', async () => {
    const paths = [
      '/subscriptions/subscriptions?page[limit]=7&include=plans,products',
      ...mock.examples.map((example) => example.slice(mock.url.length)),
    ];
    for (const path of paths)
      for (const language of ['en-US', 'de-DE']) {
        const headers = { 'accept-language': language };
        const rendered = await call(mock.url, path, { headers });
        const cached = await call(mock.url, path, { headers });
        const bypassed = await call(mock.url, path, { headers: { ...headers, prefer: 'return=minimal' } });
        expect(rendered.status).toBe(200);
        expect(cached.bytes.equals(rendered.bytes)).toBe(true);
        expect(bypassed.bytes.equals(rendered.bytes)).toBe(true);
        expect(cached.headers['content-language']).toBe(rendered.headers['content-language']);
      }
  });

  it('answers a list read after a create with the new subscription, never a stale page', async () => {
    const list = `/subscriptions/subscriptions?filter=eq(email,${validCreate.email})`;
    const found = async () => ((await call(mock.url, list)).json as unknown as ListBody).data.length;
    expect(await found()).toBe(0);
    expect(await found()).toBe(0);
    const created = await call(mock.url, '/subscriptions/subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: validCreate }),
    });
    expect(created.status).toBe(201);
    expect(await found()).toBe(1);
  });
});
