import { it } from 'vitest';
import { main } from '../../conformance/cli.js';
import { startMock } from '../../src/index.js';
import { startDelayingProxy } from '../../bench/kit-bench-servers.js';
import { readFileSync } from 'node:fs';

it('scratch', async () => {
  const mock = await startMock({ port: 0, host: '127.0.0.1', logLevel: 'silent' });
  const proxy = await startDelayingProxy(mock.url, 50);
  const extra = (process.env.KITARGS ?? '').split(' ').filter(Boolean);
  await main(['--base-url', proxy.url, '--seed', '1', ...extra, '--report', 'json=/tmp/kitwork/s.json'], { stdout: () => {}, stderr: () => {} });
  const r = JSON.parse(readFileSync('/tmp/kitwork/s.json', 'utf8'));
  console.log('total', r.run.ms, r.run.requests);
  const rows = r.results.map((x: any) => [x.ms, x.check, x.message.match(/\((\d+) request/)?.[1]]).sort((a: any, b: any) => b[0] - a[0]).slice(0, 25);
  console.log(rows.map((x: any) => x.join(' ')).join('\n'));
  await proxy.close(); await mock.close();
}, 120000);
