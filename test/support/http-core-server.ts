import { EventEmitter } from 'node:events';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/http/logger.js';
import { request } from 'undici';
import { HttpError } from '../../src/http/http-error.js';
import type { Route } from '../../src/http/route.js';
import { sharedState } from '../../src/http/pipeline.js';
import { listen, type RunningServer } from '../../src/http/server.js';
import type { MockOptions } from '../../src/mock-options.js';
import { httpOptions } from './http-options.js';
import { loadSpec } from '../../src/contract/spec-document.js';
import { specValidators } from '../../src/contract/validators.js';

// The HTTP core over real sockets, with stand-in handlers: what the http-core e2e tests check is
// everything around them. Each test file imports this module afresh (vitest isolates files), so
// every file gets its own log capture.

interface TestState {
  label: string;
}

export const UUID = '39016a26-c2f3-4684-b524-0fbf6c505b38';
export const validCreate = {
  data: {
    account_id: '29949968-2749-44ee-9002-18b1b3a8e3a7',
    offering_id: '07ed42d5-63ec-40d8-8ee0-b28bc46cb754',
    currency: 'USD',
    manual_payments: true,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
  },
};

const routes: Route<TestState>[] = [
  {
    operationId: 'listSubscriptions',
    method: 'GET',
    path: '/subscriptions/subscriptions',
    handler: ({ url, language, state, query }) => ({
      status: 200,
      body: { url: url.href, language, label: state.label, limit: query.get('page[limit]') },
    }),
  },
  {
    operationId: 'createSubscription',
    method: 'POST',
    path: '/subscriptions/subscriptions',
    handler: ({ body, url }) => ({
      status: 201,
      body: { received: body },
      headers: { Location: `${url.href}/${UUID}` },
    }),
  },
  {
    operationId: 'updateSubscription',
    method: 'PUT',
    path: '/subscriptions/subscriptions/{subscription_uuid}',
    conflicts: ({ body }) => {
      const type = (body as { data?: { type?: unknown } } | undefined)?.data?.type;
      return type !== undefined && type !== 'subscription'
        ? [{ in: 'body', at: '/data/type', keyword: 'conflict', detail: '/data/type must be "subscription"' }]
        : [];
    },
    handler: ({ params }) => {
      if (params.subscription_uuid !== UUID)
        throw HttpError.of(404, `no subscription with id ${params.subscription_uuid}`, {
          parameter: 'subscription_uuid',
        });
      return { status: 200, body: { params } };
    },
  },
  {
    operationId: 'slowTest',
    method: 'GET',
    path: '/__slow',
    handler: async () => {
      coreEvents.emit('slow-started');
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { status: 200, body: { slow: true } };
    },
  },
  {
    operationId: 'brokenTest',
    method: 'GET',
    path: '/__broken',
    handler: () => {
      throw new Error('a handler bug');
    },
  },
];

/** Every log line the servers started by `start` wrote, parsed, in order. */
export const logLines: Record<string, unknown>[] = [];
/** `log` for every line written, `slow-started` when the slow route begins: tests wait on these, not on timers. */
export const coreEvents = new EventEmitter();
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) {
      const line = JSON.parse(text) as Record<string, unknown>;
      logLines.push(line);
      coreEvents.emit('log', line);
    }
    done();
  },
});

/** The first log line that `matches`, already written or the next one written (within `ms`). */
export function logLine(
  matches: (line: Record<string, unknown>) => boolean,
  ms = 5_000,
): Promise<Record<string, unknown>> {
  const found = logLines.find(matches);
  if (found !== undefined) return Promise.resolve(found);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      coreEvents.off('log', listener);
      reject(new Error(`no such log line within ${ms} ms`));
    }, ms);
    const listener = (line: Record<string, unknown>) => {
      if (!matches(line)) return;
      clearTimeout(timer);
      coreEvents.off('log', listener);
      resolve(line);
    };
    coreEvents.on('log', listener);
  });
}

export async function start(
  options: Partial<MockOptions> = {},
  document = loadSpec(),
): Promise<RunningServer> {
  return listen(
    {
      routes,
      sessionSteps: [sharedState({ label: 'test state' })],
      options: httpOptions(options),
      validators: specValidators(document),
      logger: createLogger('info', logStream),
    },
    '127.0.0.1',
    0,
  );
}

export type Init = Parameters<typeof request>[1];
export async function call(base: string, path: string, init: Init = {}) {
  const response = await request(`${base}${path}`, init);
  const text = await response.body.text();
  return {
    status: response.statusCode,
    headers: response.headers,
    text,
    json: text === '' ? undefined : JSON.parse(text),
  };
}
export const jsonPost = (
  body: unknown,
  method: 'POST' | 'PUT' = 'POST',
  headers: Record<string, string> = {},
): Init => ({
  method,
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

/** One raw HTTP/1.1 exchange, for request targets and headers undici would not send. */
export function raw(origin: string, head: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(`${head}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('end', () =>
      resolve({ status: Number(text.split(' ')[1]), body: text.split('\r\n\r\n')[1] ?? '' }),
    );
    socket.on('error', reject);
  });
}
