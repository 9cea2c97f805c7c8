import { it } from 'vitest';
import { main } from '../../conformance/cli.js';
import { startMock } from '../../src/index.js';
import { readFileSync } from 'node:fs';

it('scratch', async () => {
  const mock = await startMock({ port: 0, logLevel: 'silent' });
  for (const flags of [[], ['--read-only'], ['--strict']]) {
    const t = Date.now();
    let out = '';
    const code = await main(
      ['--base-url', mock.url, '--seed', '1', ...flags, '--report', 'json=/tmp/kitwork/s.json'],
      { stdout: (x) => (out += x), stderr: (x) => (out += x) },
    );
    const r = JSON.parse(readFileSync('/tmp/kitwork/s.json', 'utf8'));
    console.log(
      flags.join(' '),
      'code',
      code,
      Date.now() - t,
      'ms',
      JSON.stringify(r.summary),
      r.run.requests,
    );
    for (const x of r.results.filter((x: any) => x.outcome !== 'passed'))
      console.log('  ', x.outcome, x.check, x.message.slice(0, 200));
  }
  await mock.close();
}, 120000);
