// Child of the start-mock probe: `node start-mock-child.js ENTRY.js SUBSCRIPTIONS PRODUCTS`. In this fresh
// process it times importing the package entry plus the first startMock() to its first answer (cold), then a
// second start after closing the first (warm), and prints both as one JSON line.
import { get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

interface RunningMock {
  url: string;
  close(): Promise<void>;
}
type StartMock = (options: Record<string, unknown>) => Promise<RunningMock>;

/** The first answer over node:http: global fetch would load undici on first use and bill it to the mock. */
function firstAnswer(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${url}/subscriptions/subscriptions?page%5Blimit%5D=1`, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

async function startAndAsk(startMock: StartMock, options: Record<string, unknown>): Promise<RunningMock> {
  const mock = await startMock(options);
  const status = await firstAnswer(mock.url);
  if (status !== 200) throw new Error(`the first answer was ${status}, not 200`);
  return mock;
}

const [entry, subscriptions, products] = process.argv.slice(2);
if (entry === undefined || subscriptions === undefined || products === undefined) {
  process.stderr.write('usage: node start-mock-child.js ENTRY.js SUBSCRIPTIONS PRODUCTS\n');
  process.exit(2);
}
const options = {
  port: 0,
  host: '127.0.0.1',
  seed: 1,
  subscriptions: Number(subscriptions),
  products: Number(products),
  logLevel: 'silent',
};

const coldStart = performance.now();
const loaded = (await import(pathToFileURL(entry).href)) as { startMock?: unknown };
if (typeof loaded.startMock !== 'function') throw new Error(`${entry} exports no startMock function`);
const startMock = loaded.startMock as StartMock;
const first = await startAndAsk(startMock, options);
const coldMs = performance.now() - coldStart;
await first.close();

const warmStart = performance.now();
const second = await startAndAsk(startMock, options);
const warmMs = performance.now() - warmStart;
await second.close();

process.stdout.write(`${JSON.stringify({ coldMs, warmMs })}\n`);
process.exit(0);
