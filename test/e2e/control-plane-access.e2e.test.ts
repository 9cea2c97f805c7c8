import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { adminSpecPath, specPath } from '../../src/contract/spec-document.js';
import { startMock, type RunningMock } from '../../src/index.js';
import { cliMock } from '../support/cli-mock.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { MockClient, send, SUBSCRIPTIONS } from '../support/mock-client.js';

// Who may use the admin API (issue 13, item 7), what it says about itself (its own document, /info), and the
// placeholder assets the seeded images link to (item 6).

const { catalog } = FIXTURE_IDS;
const NODE_PRODUCTS = `/catalogs/${catalog.catalog_id}/releases/latest/nodes/${catalog.node_id}/relationships/products`;

describe('on loopback without --admin-token', () => {
  let mock: RunningMock;
  let client: MockClient;

  beforeAll(async () => {
    mock = await startMock({
      port: 0,
      seed: 6,
      subscriptions: 10,
      products: 30,
      basePath: '/v2',
      logLevel: 'silent',
    });
    client = await MockClient.of(mock.url);
  });

  afterAll(async () => {
    await mock?.close();
  });

  it('serves its own OpenAPI document at /__subcat/openapi.json: spec/admin.openapi.yaml as JSON', async () => {
    const reply = await client.call('GET', '/__subcat/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(reply.json).toEqual(parse(readFileSync(adminSpecPath, 'utf8')));
  });

  it('serves the contract at /__subcat/openapi.yaml', async () => {
    const reply = await client.call('GET', '/__subcat/openapi.yaml');
    expect([reply.status, reply.text]).toEqual([200, readFileSync(specPath, 'utf8')]);
  });

  it('GET /__subcat/info says the seed, the sizes, the base path and the session', async () => {
    const reply = await client.admin('GET', '/info?session=asking');
    expect(reply.json.data).toMatchObject({
      seed: 6,
      subscriptions: 10,
      products: 30,
      base_path: '/v2',
      delay: null,
      faults: 0,
      state_file: null,
      session: { name: 'asking' },
    });
    expect(reply.json.data.ids.subscriptions.account_id).toBe(FIXTURE_IDS.subscriptions.account_id);
  });

  it('the admin API is mounted under the base path only', async () => {
    expect((await send('GET', `${new URL(mock.url).origin}/__subcat/info`)).status).toBe(404);
  });

  describe('placeholder assets', () => {
    /** Every image link of a page of node products with their main images and files included. */
    async function imageLinks(): Promise<string[]> {
      const reply = await client.call('GET', `${NODE_PRODUCTS}?include=main_image,files&page%5Blimit%5D=20`);
      expect(reply.status).toBe(200);
      const included = reply.json.included as Record<string, { mime_type: string; link: { href: string } }[]>;
      return Object.values(included).flatMap((files) =>
        files.filter((file) => file.mime_type.startsWith('image/')).map((file) => file.link.href),
      );
    }

    it('are what the seeded images link to: the mock itself, under its base path', async () => {
      const links = await imageLinks();
      expect(links.length).toBeGreaterThan(1);
      for (const link of links)
        expect(link).toMatch(new RegExp(`^${mock.url}/__subcat/assets/[A-Za-z0-9_-]+\\.svg$`));
    });

    it('answer the seeded PDF files too: a link to the mock, a PDF per id, no host that does not exist', async () => {
      const reply = await client.call('GET', `${NODE_PRODUCTS}?include=files&page%5Blimit%5D=50`);
      const files = (reply.json.included?.files ?? []) as {
        mime_type: string;
        file_name: string;
        link: { href: string };
      }[];
      const documents = files.filter((file) => file.mime_type === 'application/pdf');
      expect(documents.length).toBeGreaterThan(0);
      for (const file of files)
        expect(file.file_name.endsWith(file.mime_type === 'application/pdf' ? '.pdf' : '.svg')).toBe(true);
      const link = documents[0]?.link.href ?? '';
      expect(link).toMatch(new RegExp(`^${mock.url}/__subcat/assets/[A-Za-z0-9_-]+\\.pdf$`));
      const pdf = await send('GET', link);
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
      client.check('GET', new URL(link).pathname.replace('/v2/__subcat', ''), pdf);
    });

    it('answer an SVG per id: the same bytes for the same id, other bytes for another', async () => {
      const [first, second] = await imageLinks();
      const one = await send('GET', first ?? '');
      const again = await send('GET', first ?? '');
      const other = await send('GET', second ?? '');
      expect([one.status, again.status, other.status]).toEqual([200, 200, 200]);
      expect(one.headers['content-type']).toBe('image/svg+xml');
      expect(one.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
      expect(one.bytes.equals(again.bytes)).toBe(true);
      expect(one.bytes.equals(other.bytes)).toBe(false);
      client.check('GET', new URL(first ?? '').pathname.replace('/v2/__subcat', ''), one);
    });

    it('the same id answers the same bytes from another mock of another seed', async () => {
      const [first] = await imageLinks();
      const other = await startMock({ port: 0, seed: 99, subscriptions: 5, products: 5, logLevel: 'silent' });
      try {
        const id = /assets\/(.+)$/.exec(first ?? '')?.[1] ?? '';
        const here = await send('GET', first ?? '');
        const there = await send('GET', `${other.url}/__subcat/assets/${id}`);
        expect(there.bytes.equals(here.bytes)).toBe(true);
      } finally {
        await other.close();
      }
    });

    const bad = [
      { title: 'another extension', file: 'abc.png' },
      { title: 'no extension', file: 'abc' },
      { title: 'a name with a dot', file: 'a.b.svg' },
    ];
    it.each(bad)('$title is a 404 naming the file', async ({ file }) => {
      const reply = await client.admin('GET', `/assets/${file}`);
      expect(reply.status).toBe(404);
      expect(reply.json.errors[0].source).toEqual({ parameter: 'file' });
    });
  });
});

describe('with --admin-token', () => {
  const TOKEN = 'tok-12345678';
  let cli: Awaited<ReturnType<typeof cliMock>>;

  beforeAll(async () => {
    cli = await cliMock(['--subscriptions', '5', '--products', '5', '--admin-token', TOKEN]);
  });

  afterAll(async () => {
    expect(await cli?.stop()).toBe(0);
  });

  it('an admin call without the token is a 403 saying what to send', async () => {
    const client = await MockClient.of(cli.url, { 'x-subcat-admin-token': TOKEN });
    const reply = await client.admin('POST', '/reset', { headers: { 'x-subcat-admin-token': '' } });
    expect(reply.status).toBe(403);
    expect(reply.json.errors[0].detail).toContain('x-subcat-admin-token');
    expect(reply.json.errors[0].source).toEqual({ header: 'x-subcat-admin-token' });
  });

  const callers = [
    { title: 'no token', headers: {}, status: 403 },
    { title: 'a wrong token', headers: { 'x-subcat-admin-token': 'tok-12345679' }, status: 403 },
    { title: 'a longer token', headers: { 'x-subcat-admin-token': `${TOKEN}4` }, status: 403 },
    { title: 'the token in x-subcat-admin-token', headers: { 'x-subcat-admin-token': TOKEN }, status: 200 },
    { title: 'the token as a Bearer', headers: { authorization: `Bearer ${TOKEN}` }, status: 200 },
    { title: 'the token as Basic credentials', headers: { authorization: `Basic ${TOKEN}` }, status: 403 },
  ];
  // Each answer goes through MockClient, so a 403 the admin document does not list fails here too.
  it.each(callers)('$title: $status', async ({ headers, status }) => {
    const client = await MockClient.of(cli.url);
    for (const [method, path] of [
      ['POST', '/reset'],
      ['GET', '/requests'],
      ['GET', '/faults'],
      ['GET', '/snapshots'],
      ['PUT', '/delay'],
    ] as const)
      expect(
        (await client.admin(method, path, { headers, body: method === 'PUT' ? { delay: null } : undefined }))
          .status,
        `${method} ${path}`,
      ).toBe(status);
  });

  it('files without state answer without the token: the documents and the placeholder images', async () => {
    for (const path of [
      '/openapi.json',
      '/openapi.yaml',
      `/assets/${FIXTURE_IDS.subscriptions.product_ids[0]}.svg`,
    ])
      expect((await send('GET', `${cli.url}/__subcat${path}`)).status, path).toBe(200);
  });

  const streams = [
    { title: 'without a token is a 403', query: '', status: 403 },
    { title: 'with a wrong ?token= is a 403', query: '?token=tok-00000000', status: 403 },
    {
      title: 'with ?token= (an EventSource sends no headers) is a 200',
      query: `?token=${TOKEN}`,
      status: 200,
    },
  ];
  it.each(streams)('the journal stream $title', async ({ query, status }) => {
    const stream = await request(`${cli.url}/__subcat/requests/stream${query}`);
    expect(stream.statusCode).toBe(status);
    // An event stream never ends: the test hangs up, and undici reports the hang-up as an abort.
    stream.body.once('error', () => undefined);
    stream.body.destroy();
  });

  it('?token= opens only the stream, never a call that changes state', async () => {
    expect((await send('POST', `${cli.url}/__subcat/reset?token=${TOKEN}`)).status).toBe(403);
  });

  it('the four operations still answer without the token', async () => {
    expect((await send('GET', `${cli.url}${SUBSCRIPTIONS}?page%5Blimit%5D=1`)).status).toBe(200);
    expect((await send('GET', `${cli.url}/__health`)).status).toBe(200);
  });
});
