import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Check, CheckContext, RunSettings } from '../../conformance/check.js';
import type { Client, Exchange, SendOptions } from '../../conformance/client.js';
import { createCache, createContext } from '../../conformance/context.js';
import { packagedValidator, type SpecValidator } from '../../conformance/schema.js';
import { exposeGc } from './expose-gc.js';

let validator: SpecValidator | undefined;

/** A run's settings for a test against a fake server: lenient, writing, 1 s timeouts, seed 1, no polling. */
export function testSettings(overrides: Partial<RunSettings> = {}): RunSettings {
  return {
    strict: false,
    readOnly: false,
    timeoutMs: 1000,
    maxResponseMs: undefined,
    seed: 1,
    secretHeaders: [],
    secretValues: [],
    consistencyMs: 0,
    generated: 4,
    ...overrides,
  };
}

/** A 200 answer with a list body of `records` records, as if its body weighed `bytes`. */
export function listAnswer(options: SendOptions, records: number, bytes = records * 40): Exchange {
  return {
    seq: 0,
    request: { method: options.method, url: String(options.url), headers: {} },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: {
        data: Array.from({ length: records }, (_, i) => ({ id: String(i), type: 'x', attributes: {} })),
      },
      text: '{"data":[…]}',
      bytes,
      ms: 1,
    },
    ...(options.operation === undefined ? {} : { operation: options.operation }),
  };
}

/** A check's context whose requests are answered by `answer` (the n-th request gets n = 0, 1, ...). */
export function scriptedContext(
  check: Check,
  answer: (options: SendOptions, n: number) => Promise<Exchange>,
): CheckContext {
  validator ??= packagedValidator();
  let sent = 0;
  const client = {
    count: 0,
    listeners: [],
    send: (options: SendOptions) => answer(options, sent++),
    sleep: () => Promise.resolve(),
  } as unknown as Client;
  return createContext(
    {
      baseUrl: new URL('http://127.0.0.1:1'),
      ids: { catalogId: 'c', releaseId: 'r', nodeId: 'n' },
      settings: testSettings(),
      client,
      validator,
      cache: createCache(),
    },
    check,
  );
}

/**
 * Whether a check still holds the body of its first answer while its last answer is awaited: the first
 * request is answered at once with a 2xx list, the last one only after the question is asked.
 */
export async function holdsFirstBodyWhileWaiting(check: Check, requests: number): Promise<boolean> {
  const gc = exposeGc();
  let first: WeakRef<object> | undefined;
  let release: (() => void) | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const lastAsked = new Promise<void>((asked) => {
    const ctx = scriptedContext(check, (options, n) => {
      const exchange = listAnswer(options, 1000);
      if (n === 0) first = new WeakRef(exchange.response.body as object);
      if (n < requests - 1) return Promise.resolve(exchange);
      asked();
      return new Promise((resolve) => (release = () => resolve(exchange)));
    });
    running = check.run?.(ctx) ?? Promise.resolve([]);
  });
  await lastAsked;
  // Past the turn that made the WeakRef (V8 keeps its target until then) and every answer judged so far.
  for (let i = 0; i < 5; i++) await nextTurn();
  gc();
  const held = first?.deref() !== undefined;
  release?.();
  await running;
  return held;
}
