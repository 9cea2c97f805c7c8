import { it } from 'vitest';
import { main } from '../../conformance/cli.js';
import { idArgs, startFake, stopFake } from '../support/start-fake.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { isObject, onResponse, recordParts } from '../faults/fault.js';
import { startProxiedMock } from '../faults/proxied-mock.js';

it('scratch', async () => {
  const fake = await startFake('crash-on-bad-input');
  let out = '';
  await main(
    ['--base-url', fake.base, ...idArgs, '--seed', '10', '--only', 'status,schema,rejection,robustness'],
    { stdout: (x) => (out += x), stderr: (x) => (out += x) },
  );
  writeFileSync('/tmp/kitwork/console.txt', out);
  await stopFake(fake);
  const mock = await startProxiedMock();
  mock.proxy.use(
    onResponse(['getNodeProducts'], (body) => {
      for (const attributes of recordParts(body, 'attributes')) {
        const price = attributes.price;
        if (isObject(price))
          attributes.price = Object.fromEntries(Object.entries(price).map(([k, v]) => [k.toLowerCase(), v]));
      }
    })(),
  );
  await main(
    ['--base-url', mock.proxy.url, '--only', 'schema.node-products', '--report', 'json=/tmp/kitwork/s.json'],
    { stdout: () => {}, stderr: () => {} },
  );
  const r = JSON.parse(readFileSync('/tmp/kitwork/s.json', 'utf8'));
  console.log(
    JSON.stringify(
      r.results
        .find((x: any) => x.check === 'schema.node-products')
        .failures.map((f: any) => [f.message, f.schemaErrorCount, f.schemaErrors.slice(0, 6)]),
      null,
      1,
    ),
  );
  await mock.close();
}, 120000);
