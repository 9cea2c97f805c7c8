import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { request } from 'undici';
import { afterAll, describe, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { startCliChild, type CliChild } from '../support/cli-child.js';
import { listTotal } from '../support/list-total.js';
import { createBody, SUBSCRIPTIONS } from '../support/mock-client.js';
import { RawConnection } from '../support/raw-connection.js';

// Issue 16, point 7: answers sent after SIGTERM still said Connection: keep-alive, so clients reusing their
// connection got ECONNRESET. Now, once draining, every answer says Connection: close, what is in flight
// finishes, and the log says how many requests were completed and how many cut. Also the new flags of the
// issue (--max-subscriptions, --trust-proxy, --cors-origin) as a user types them.

/** A create body as bytes: `name` tells the records apart. */
const createBytes = (name: string) => Buffer.from(JSON.stringify(createBody(name)));

// The three stories below run side by side: the first mostly waits out the mock's 5 s grace.
const children: CliChild[] = [];
afterAll(async () => {
  for (const child of children) child.signal('SIGKILL');
  await Promise.all(children.map((child) => child.exited));
});

/** `subcat mock` with `flags`, killed after the file if a test leaves it running. */
async function startChild(flags: string[]): Promise<CliChild> {
  const child = await startCliChild(flags);
  children.push(child);
  return child;
}

/** Resolves once nothing listens at `url` any more (a new connection is refused), within `timeoutMs`. */
async function stoppedListening(url: string, timeoutMs = 5_000): Promise<void> {
  const { hostname, port } = new URL(url);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(Number(port), hostname);
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return;
    if (Date.now() > deadline) throw new Error(`${url} still accepts connections`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The log line the mock writes once stopped: how many requests in flight at the stop were completed and cut. */
function stopLine(stdout: string): { completed?: number; cut?: number } | undefined {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { completed?: number; cut?: number })
    .find((entry) => entry.completed !== undefined);
}

/** The access log lines (`"msg":"request"`) the mock wrote. */
function accessLines(stdout: string): Array<{ method?: string; path?: string; status?: number }> {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; method?: string; path?: string; status?: number })
    .filter((entry) => entry.msg === 'request');
}

describe.concurrent('SIGTERM with requests in flight (issue 16, point 7)', () => {
  it('finishes them with Connection: close, cuts the one that never ends, and logs the counts', async ({
    expect,
  }) => {
    const CLIENTS = 10;
    const child = await startChild([
      '--seed',
      '2',
      '--subscriptions',
      '20',
      '--products',
      '5',
      '--log-level',
      'info',
    ]);
    const { url } = child;
    const host = new URL(url).host;
    const head = (length: number) =>
      `POST ${SUBSCRIPTIONS} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

    // Each client has used its connection once: a kept-alive connection it would reuse.
    const clients = await Promise.all(Array.from({ length: CLIENTS }, () => RawConnection.open(url)));
    for (const client of clients) {
      await client.write(`GET ${SUBSCRIPTIONS}?page%5Blimit%5D=1 HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      expect((await client.response()).headers.connection).toBe('keep-alive');
    }
    // Then each sends half a create: in flight when the signal comes. One more never sends the rest.
    const bodies = clients.map((_, at) => createBytes(`in flight ${at}`));
    for (const [at, client] of clients.entries()) {
      const body = bodies[at] ?? Buffer.alloc(0);
      await client.write(Buffer.concat([Buffer.from(head(body.length)), body.subarray(0, body.length / 2)]));
    }
    const stuck = await RawConnection.open(url);
    await stuck.write(`${head(100)}{"data":`);
    // A request sent after all of them is answered once the mock has read them.
    const probe = await RawConnection.open(url);
    await probe.write(`GET /__health HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect((await probe.response()).status).toBe(200);
    probe.close();

    child.signal('SIGTERM');
    await stoppedListening(url);
    for (const [at, client] of clients.entries()) {
      const body = bodies[at] ?? Buffer.alloc(0);
      await client.write(body.subarray(body.length / 2));
      const response = await client.response();
      expect(response.status).toBe(201);
      expect(response.headers.connection).toBe('close');
      // Closed cleanly after the answer, so a client does not send its next request into a reset.
      expect(await client.ended).toEqual({ kind: 'closed' });
    }
    expect(await stuck.ended).toBeDefined();
    expect(await child.exited).toBe(0);
    // The stuck request is cut at the end of the grace (5 s), counted and logged; the process still exits 0.
    expect(stopLine(child.stdout())).toMatchObject({ completed: CLIENTS, cut: 1 });
    const cutLines = accessLines(child.stdout()).filter((line) => line.status === 0);
    expect(cutLines).toEqual([expect.objectContaining({ method: 'POST', path: SUBSCRIPTIONS })]);
  });
});

describe.concurrent('the flags of issue 16 on the command line', () => {
  it('takes --max-subscriptions, --trust-proxy and --cors-origin, and logs an idle stop as 0 and 0', async ({
    expect,
  }) => {
    const LIMIT = 30;
    const APP = 'http://localhost:5173';
    const child = await startChild([
      ...['--seed', '2', '--subscriptions', '20', '--products', '5', '--log-level', 'info'],
      ...['--max-subscriptions', String(LIMIT), '--trust-proxy', '--cors-origin', APP],
    ]);
    const list = async (headers: Record<string, string> = {}) => {
      const response = await request(`${child.url}${SUBSCRIPTIONS}?page%5Blimit%5D=1`, { headers });
      const json = (await response.body.json()) as {
        meta: { results: { total: number } };
        links: { self: string };
      };
      return { headers: response.headers, json };
    };
    const create = async (name: string) => {
      const response = await request(`${child.url}${SUBSCRIPTIONS}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: createBytes(name),
      });
      await response.body.dump();
      return response.statusCode;
    };

    const seeded = await listTotal(child.url);
    for (let at = seeded; at < LIMIT; at++) expect(await create(`fill ${at}`)).toBe(201);
    expect(await create('one too many')).toBe(409);

    const forwarded = await list({ 'x-forwarded-host': 'api.example.com', 'x-forwarded-proto': 'https' });
    expect(forwarded.json.links.self.startsWith('https://api.example.com/')).toBe(true);
    expect((await list({ origin: APP })).headers['access-control-allow-origin']).toBe(APP);
    expect(
      (await list({ origin: 'http://evil.example' })).headers['access-control-allow-origin'],
    ).toBeUndefined();

    child.signal('SIGTERM');
    expect(await child.exited).toBe(0);
    expect(stopLine(child.stdout())).toMatchObject({ completed: 0, cut: 0 });
  });
});

// A process group to clean up after is a POSIX notion; so is `kill $!`.
describe.skipIf(process.platform === 'win32')(
  'npm start, stopped by its process id',
  { concurrent: true },
  () => {
    // `npm start &` then `kill $!` signals npm, which passes it on to the script's shell only. The shell dies and
    // the mock kept the port; scripts/subcat.mjs now stops the CLI once its parent is gone.
    it('leaves no mock listening', async () => {
      const npm = spawn(
      'npm',
      ['start', '--silent', '--', '--port', '0', '--subscriptions', '5', '--products', '5', '--log-level', 'silent'],
      { cwd: packageRoot(), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    ); // prettier-ignore
      try {
        let stdout = '';
        npm.stdout.setEncoding('utf8');
        const url = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no address printed: ${stdout}`)), 60_000);
          npm.once('error', reject);
          npm.once('exit', (code) => reject(new Error(`npm start exited (${String(code)}): ${stdout}`)));
          npm.stdout.on('data', (text: string) => {
            stdout += text;
            const found = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
            if (found !== undefined) {
              clearTimeout(timer);
              resolve(found);
            }
          });
        });
        // 'exit', not 'close': a mock left behind would hold npm's pipes open.
        const exited = once(npm, 'exit');
        npm.kill('SIGTERM');
        await exited;
        await stoppedListening(url);
      } finally {
        // Only what this test started: npm's own process group (npm, its shell, the mock). Never -0 or -undefined,
        // which would be this process's own group.
        if (npm.pid !== undefined && npm.pid > 0)
          try {
            process.kill(-npm.pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
      }
    }, 90_000);
  },
);
