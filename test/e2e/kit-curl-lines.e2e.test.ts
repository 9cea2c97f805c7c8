import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../faults/faults.js';
import { startProxiedMock, type ProxiedMock } from '../faults/proxied-mock.js';
import { reportArgs, runKit, useReportDir } from '../support/run-kit.js';

// Issue 27: every curl line in every report runs as printed. Paged URLs hold `page[offset]`, which curl reads as a
// range unless told -g: each line of each report is run with the real curl, through a shell, against the mock.

const run = promisify(execFile);
let dir = '';
useReportDir('subcat-kit-curl-', (made) => (dir = made));

let server: ProxiedMock;
beforeAll(async () => {
  server = await startProxiedMock();
});
afterAll(async () => {
  await server?.close();
});

/** Every curl line a report holds, as its reader would copy it. */
async function curlLines(): Promise<string[]> {
  const json = JSON.parse(await readFile(join(dir, 'kit.json'), 'utf8')) as {
    results: Array<{ failures: Array<{ curl?: string }> }>;
  };
  const fromJson = json.results.flatMap((result) => result.failures.flatMap((failure) => failure.curl ?? []));
  const markdown = await readFile(join(dir, 'kit.md'), 'utf8');
  const fromMarkdown = [...markdown.matchAll(/```sh\n(curl [^\n]+)\n```/g)].map((match) => match[1] ?? '');
  const console = (await readFile(join(dir, 'console.txt'), 'utf8'))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('curl '));
  return [...new Set([...fromJson, ...fromMarkdown, ...console])];
}

describe('curl lines', () => {
  it('run as printed with the real curl, paged URLs included', async () => {
    const fault = FAULTS.find((candidate) => candidate.name === 'next-link-same-page');
    if (fault === undefined) throw new Error('the fault catalogue lost next-link-same-page');
    server.proxy.use(fault.handler());
    const kit = await runKit([
      '--base-url',
      server.proxy.url,
      '--only',
      'paging',
      '--seed',
      '3',
      ...reportArgs(dir),
    ]);
    await writeFile(join(dir, 'console.txt'), kit.stdout);
    const lines = await curlLines();
    expect(lines.some((line) => line.includes('page[offset]'))).toBe(true);
    for (const line of lines.slice(0, 12)) {
      // -sS: quiet but errors shown; -o /dev/null -w: only the status; a failed URL parse is curl exit 3.
      const { stdout } = await run('sh', ['-c', `${line} -sS -o /dev/null -w '%{http_code}'`], {
        timeout: 10_000,
      });
      expect(stdout, line).toMatch(/^[2-4]\d\d$/);
    }
  });
});
