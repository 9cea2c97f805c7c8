import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { packageRoot } from '../../src/package-root.js';
import { CHROMIUM_ARGS, chromiumMissing, findChromium } from '../browser/chromium.js';
import { PLAYWRIGHT_FILES } from './recipe-blocks.js';
import { runNodeScript } from './recipe-shell.js';
import { readmeBlocks, type CodeBlock } from './readme-blocks.js';

// The README's Playwright recipe (fixtures.ts and subscriptions.spec.ts) run as written by Playwright's own
// runner in Debian's Chromium, against a mock on a free port (the one change: the README's
// http://127.0.0.1:4010 becomes its address) and a stand-in for "your app": a page at /subscriptions that
// lists subscriptions from the mock and shows role=alert when the list fails. The test passes only if the
// worker's fault reaches the page's own request, that is if the page's calls carry the worker's session.

const DOCUMENTED = 'http://127.0.0.1:4010';
const blocks = readmeBlocks(readFileSync(join(packageRoot(), 'README.md'), 'utf8'), ['For front-end teams']);
const recipe = (file: string): CodeBlock | undefined =>
  blocks.find((block) => block.code.startsWith(`// ${file}\n`));

const missing = chromiumMissing();
if (missing !== undefined) console.warn(`the README's Playwright recipe skipped: ${missing}`);

/** The app under test: its list page calls the mock from the browser, across origins, as a dev server would. */
function appPage(mockUrl: string): string {
  return `<!doctype html><meta charset="utf-8"><title>Subscriptions</title><main><h1>Subscriptions</h1></main>
<script type="module">
const response = await fetch(${JSON.stringify(`${mockUrl}/subscriptions/subscriptions?page%5Blimit%5D=5`)});
const main = document.querySelector('main');
if (!response.ok) {
  const alert = document.createElement('p');
  alert.setAttribute('role', 'alert');
  alert.textContent = 'The subscriptions could not be loaded (' + response.status + ').';
  main.append(alert);
} else {
  const list = document.createElement('ul');
  for (const record of (await response.json()).data) list.append(Object.assign(document.createElement('li'), { textContent: record.id }));
  main.append(list);
}
</script>`;
}

let mock: RunningMock;
let app: Server;
let suite = '';

beforeAll(async () => {
  mock = await startMock({ port: 0, logLevel: 'silent' });
  app = createServer((request, response) => {
    const found = request.url === '/subscriptions';
    response.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(found ? appPage(mock.url) : 'not found');
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  // Outside node_modules (Playwright compiles no TypeScript there), resolving @playwright/test from this checkout.
  suite = mkdtempSync(join(tmpdir(), 'subcat-playwright-'));
  symlinkSync(join(packageRoot(), 'node_modules'), join(suite, 'node_modules'), 'dir');
});

afterAll(async () => {
  await new Promise((resolve) => app.close(resolve));
  await mock.close();
  rmSync(suite, { recursive: true, force: true });
});

describe("the README's Playwright recipe", () => {
  it.skipIf(missing !== undefined)(
    'runs as written: the failing list shows the error state, in the worker session only',
    async () => {
      for (const file of PLAYWRIGHT_FILES) {
        const block = recipe(file);
        expect(block, `README block starting // ${file}`).toBeDefined();
        writeFileSync(join(suite, file), (block?.code ?? '').replaceAll(DOCUMENTED, mock.url));
      }
      const { port } = app.address() as AddressInfo;
      const config = {
        testDir: '.',
        outputDir: 'test-results',
        workers: 1,
        retries: 0,
        reporter: 'list',
        timeout: 30_000,
        use: {
          baseURL: `http://127.0.0.1:${port}`,
          browserName: 'chromium',
          launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
        },
      };
      writeFileSync(join(suite, 'playwright.config.mjs'), `export default ${JSON.stringify(config)};\n`);
      const cli = join(packageRoot(), 'node_modules', '@playwright', 'test', 'cli.js');
      const result = await runNodeScript([cli, 'test', '--config', 'playwright.config.mjs'], {
        cwd: suite,
        env: { CI: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
      });
      expect(result.exit, result.output).toBe(0);
      expect(result.output).toMatch(/1 passed/);
      // The fault was the worker's and was removed after the test: the default session still lists.
      const worker = mock.session('worker-0').requests({ method: 'GET' });
      expect(worker.map((entry) => entry.status)).toContain(503);
      expect(mock.requests().filter((entry) => entry.status === 503)).toEqual([]);
      const after = await fetch(`${mock.url}/subscriptions/subscriptions`, {
        headers: mock.session('worker-0').headers,
      });
      expect(after.status).toBe(200);
    },
    120_000,
  );
});
