import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * A second independent implementation, written for the kit's gate: it keeps subscriptions (create, list with
 * eq filters and paging, PUT) in a store read and written back whole, as a file or a key-value store would be.
 * Its planted bugs are real ones: `lost-race` awaits between reading and writing the store (two creates at once
 * lose one), `local-time` stamps times in UTC+3 labelled Z.
 */
export type StoreBug = 'none' | 'lost-race' | 'local-time';

export interface StoreFake {
  base: string;
  server: Server;
}

interface Stored {
  id: string;
  attributes: Record<string, unknown>;
  created: string;
  updated: string;
}

export async function startStoreFake(bug: StoreBug): Promise<StoreFake> {
  let store: readonly Stored[] = [];
  const now = () => new Date(Date.now() + (bug === 'local-time' ? 3 * 3_600_000 : 0)).toISOString();
  const resource = (s: Stored) => ({
    id: s.id,
    type: 'subscription',
    attributes: s.attributes,
    meta: { owner: 'store', status: 'active', timestamps: { created_at: s.created, updated_at: s.updated } },
  });
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const send = (status: number, body: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (url.pathname === '/subscriptions/subscriptions' && req.method === 'POST') {
          const data = (JSON.parse(raw) as { data: Record<string, unknown> }).data;
          const read = store;
          // The bug: the store is read, the request awaits (validation, an id service), then written back whole.
          if (bug === 'lost-race') await delay(20);
          const at = now();
          const made: Stored = {
            id: randomUUID(),
            attributes: {
              account_id: data.account_id,
              external_ref: data.external_ref,
              name: data.name,
              email: data.email,
              plan_id: randomUUID(),
            },
            created: at,
            updated: at,
          };
          store = bug === 'lost-race' ? [...read, made] : [...store, made];
          return send(201, { data: resource(made) });
        }
        if (url.pathname === '/subscriptions/subscriptions' && req.method === 'GET') {
          const terms = (url.searchParams.get('filter') ?? '').split(':').filter((t) => t !== '');
          const matching = store.filter((s) =>
            terms.every((term) => {
              const [, attribute = '', value = ''] = /^eq\((\w+),(.*)\)$/.exec(term) ?? [];
              return s.attributes[attribute] === value;
            }),
          );
          const limit = Number(url.searchParams.get('page[limit]') ?? 25);
          const offset = Number(url.searchParams.get('page[offset]') ?? 0);
          const total = matching.length;
          return send(200, {
            data: matching.slice(offset, offset + limit).map(resource),
            meta: {
              results: { total },
              page: {
                limit,
                offset,
                current: Math.floor(offset / limit) + 1,
                total: Math.ceil(total / limit),
              },
            },
          });
        }
        return send(404, { errors: [{ status: '404', title: 'Not Found' }] });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export async function stopStoreFake(fake: StoreFake): Promise<void> {
  fake.server.closeAllConnections();
  await new Promise((resolve) => fake.server.close(resolve));
}
