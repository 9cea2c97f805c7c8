// The files of dist/src whose functions run while the mock answers one request: the issue's "files crossed"
// (issue 25), counted by V8's precise coverage rather than by hand. Needs `npm run build` first.
// Usage: node scripts/files-crossed.mjs [--list]
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { startMock } from '../dist/src/index.js';

const list = process.argv.includes('--functions') ? 'functions' : process.argv.includes('--list');
const root = fileURLToPath(new URL('../dist/src/', import.meta.url));
const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

/** The dist/src files with a function called during `request()`, once `request()` ran already (warm). */
async function filesCrossed(request) {
  await request();
  await inspector.post('Profiler.takePreciseCoverage'); // resets the counters
  await request();
  const { result } = await inspector.post('Profiler.takePreciseCoverage');
  return result
    .filter(({ url }) => url.startsWith('file://') && fileURLToPath(url).startsWith(root))
    .filter(({ functions }) => functions.some((f) => f.ranges.some((r) => r.count > 0)))
    .map(({ url, functions }) => {
      const called = functions
        .filter((f) => f.ranges.some((r) => r.count > 0))
        .map((f) => f.functionName || '(anonymous)');
      return `${fileURLToPath(url).slice(root.length)}${list === 'functions' ? `: ${[...new Set(called)].join(', ')}` : ''}`;
    });
}

const mock = await startMock({ port: 0, seed: 7, subscriptions: 200, logLevel: 'silent' });
const list1 = await (await fetch(`${mock.url}/subscriptions/subscriptions?page[limit]=1`)).json();
const account = list1.data[0].attributes.account_id;
const admin = (path, body, session) =>
  fetch(`${mock.url}/__subcat/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session && { 'x-subcat-session': session }) },
    body: JSON.stringify(body),
  });
async function faultSetUp() {
  await admin('sessions', { name: 'worker-1' });
  const fault = await admin('faults', { operationId: 'listSubscriptions', delay: 5 }, 'worker-1');
  if (!fault.ok) throw new Error(`fault refused: ${fault.status} ${await fault.text()}`);
}

const requests = {
  'a cached GET of a filtered subscriptions page': () =>
    fetch(`${mock.url}/subscriptions/subscriptions?filter=eq(account_id,${account})`).then((r) =>
      r.arrayBuffer(),
    ),
  'a create with a schema error': () =>
    fetch(`${mock.url}/subscriptions/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { account_id: 'not-a-uuid', currency: 7 } }),
    }).then((r) => r.arrayBuffer()),
  'a fault-delayed GET in a named session': () =>
    fetch(`${mock.url}/subscriptions/subscriptions`, { headers: { 'x-subcat-session': 'worker-1' } }).then(
      (r) => r.arrayBuffer(),
    ),
};
for (const [name, request] of Object.entries(requests)) {
  if (name.includes('fault')) await faultSetUp();
  const files = await filesCrossed(request);
  console.log(`${String(files.length).padStart(3)} files: ${name}`);
  if (list) for (const file of files.sort()) console.log(`      ${file}`);
}
await mock.close();
inspector.disconnect();
