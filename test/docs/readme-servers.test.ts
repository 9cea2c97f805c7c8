import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { BUILD_IF_STALE } from '../support/mock-process.js';
import { freePort, recipeProject, runShell, startShell, type RunningShell } from './recipe-shell.js';
import { BAD_LINE, blockStarting, LOCK_LINE, SERVER_BLOCKS } from './recipe-blocks.js';
import { readmeBlocks, shellCommands } from './readme-blocks.js';

// The README's blocks that start a mock of their own (`npm start`, `npm run mock -- ...`), run as written in a
// folder laid out as a built clone, each on a free port: the README's 4010 and 4011 become free ports, and a
// command that names no port gets `--port P` (the default port, 4010, may be taken on a shared machine). The
// one command not run: `npm ci`, which would reinstall the node_modules this run uses (a fresh install is
// test/package/git-install.slow.test.ts, `npm run test:git-install`). What each block promises is checked
// against the mock it started; the state-file error lines shown are compared with the real ones.

const README = readFileSync(join(packageRoot(), 'README.md'), 'utf8');
const blocks = readmeBlocks(README, ['For front-end teams']);

let project: { cwd: string; env: NodeJS.ProcessEnv };
let ports: Record<'4010' | '4011', string>;
const started: RunningShell[] = [];

/** A README command as this run gives it: free ports in place of 4010 and 4011, `--port` added when none. */
function onFreePorts(command: string): string {
  let local = command.replaceAll('4010', ports['4010']).replaceAll('4011', ports['4011']);
  if (/^(npm ci && )?npm (start|run mock)\b/.test(local) && !local.includes('--port')) {
    local = local.replace(/^npm ci && /, '');
    local = local.startsWith('npm start')
      ? local.replace('npm start', `npm start -- --port ${ports['4010']}`)
      : local.replace('npm run mock --', `npm run mock -- --port ${ports['4010']}`);
  }
  return local;
}

/** Starts a README command that runs a mock, resolving with the URL it printed. */
async function startCommand(command: string): Promise<{ url: string; shell: RunningShell }> {
  const shell = startShell(onFreePorts(command), { cwd: project.cwd, env: project.env });
  started.push(shell);
  const printed = await shell.waitFor(/^listening on (\S+)$/m);
  return { url: /^listening on (\S+)$/m.exec(printed)?.[1] ?? '', shell };
}

const json = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const info = async (url: string) => (await json(`${url}/__subcat/info`)).body.data;

/** A README line shown as output, as a pattern: exact but for the process id and the time it names. */
function outputPattern(shown: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const variable = /process \d+|started \d{4}-\d\d-\d\dT[\d:.]+Z/g;
  const fixed = shown.split(variable).map(escape);
  const kinds = [...shown.matchAll(variable)].map(([text]) =>
    text.startsWith('process') ? 'process \\d+' : 'started \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z',
  );
  return new RegExp(fixed.map((part, index) => part + (kinds[index] ?? '')).join(''));
}

beforeAll(async () => {
  execFileSync(process.execPath, [BUILD_IF_STALE]);
  project = recipeProject();
  ports = { '4010': String(await freePort()), '4011': String(await freePort()) };
});

// Each test's mocks stop after it, passed or not, so the next one finds its ports free.
afterEach(async () => {
  await Promise.all(started.splice(0).map((shell) => shell.stop()));
});

afterAll(() => {
  rmSync(project.cwd, { recursive: true, force: true });
});

describe("the README's blocks that start a mock", () => {
  it('start it and point your app at it: seed 1 and 300 subscriptions, then seed 7 under /v2', async () => {
    const [first, second] = shellCommands(blockStarting(blocks, SERVER_BLOCKS[0]).code);
    const plain = await startCommand(first ?? '');
    expect(plain.url).toBe(`http://127.0.0.1:${ports['4010']}`);
    expect(await info(plain.url)).toMatchObject({ seed: 1, subscriptions: 300 });
    const listed = await json(`${plain.url}/subscriptions/subscriptions`);
    expect(listed.body).toMatchObject({ meta: { results: { total: 302 } } });
    const v2 = await startCommand(second ?? '');
    expect(v2.url).toBe(`http://127.0.0.1:${ports['4011']}/v2`);
    expect(await info(v2.url)).toMatchObject({
      seed: 7,
      subscriptions: 1000,
      products: 500,
      base_path: '/v2',
    });
    await Promise.all([plain.shell.stop(), v2.shell.stop()]);
  });

  it('latency for everything: 300 ms late, then a draw per request that the admin API reads and sets', async () => {
    const commands = shellCommands(blockStarting(blocks, SERVER_BLOCKS[1]).code);
    const late = await startCommand(commands[0] ?? '');
    const began = performance.now();
    await fetch(`${late.url}/subscriptions/subscriptions`).then((response) => response.arrayBuffer());
    expect(performance.now() - began).toBeGreaterThanOrEqual(300);
    await late.shell.stop();
    const drawn = await startCommand(commands[1] ?? '');
    const [read, range, off] = commands.slice(2).map(onFreePorts);
    expect((await runShell(read ?? '', project)).stdout).toMatch(/"delay":\[100,600\]/);
    expect((await runShell(range ?? '', project)).stdout).toMatch(/"delay":\[100,600\]/);
    expect((await runShell(off ?? '', project)).stdout).toMatch(/"delay":null/);
    await drawn.shell.stop();
  });

  it('--state-file: one mock per file, the lock and a bad line refused with the lines the README shows', async () => {
    const [command] = shellCommands(blockStarting(blocks, SERVER_BLOCKS[2]).code);
    const file = join(project.cwd, '.subcat-state.jsonl');
    const first = await startCommand(command ?? '');
    expect(existsSync(`${file}.lock`)).toBe(true);
    for (let reset = 0; reset < 5; reset++)
      expect((await fetch(`${first.url}/__subcat/reset`, { method: 'POST' })).status).toBeLessThan(300);
    // A second mock on the same file, on another port.
    const second = startShell(onFreePorts(command ?? '').replace(ports['4010'], ports['4011']), project);
    started.push(second);
    const refused = await second.ended;
    const lockShown = blockStarting(blocks, LOCK_LINE);
    expect(refused.stderr).toMatch(outputPattern(lockShown.code.trim()));
    expect(refused.exit).toBe(1);
    await first.shell.stop();
    expect(existsSync(`${file}.lock`)).toBe(false);
    // Line 7 names a session the API refuses.
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(6);
    const refusedName = JSON.stringify({ session: '../../etc', event: 'reset' });
    writeFileSync(file, `${[...lines.slice(0, 6), refusedName].join('\n')}\n`);
    const bad = await runShell(onFreePorts(command ?? ''), project);
    const badShown = blockStarting(blocks, BAD_LINE);
    expect(bad.stderr).toMatch(outputPattern(badShown.code.trim()));
    expect(bad.exit).toBe(1);
  });

  it('--admin-token: the reset with the token passes, one without it gets a 403', async () => {
    const [command, reset] = shellCommands(blockStarting(blocks, SERVER_BLOCKS[3]).code);
    const guarded = await startCommand(command ?? '');
    expect((await fetch(`${guarded.url}/__subcat/reset`, { method: 'POST' })).status).toBe(403);
    const done = await runShell(`${onFreePorts(reset ?? '')} -o /dev/null -w '%{http_code}'`, project);
    expect(done.stdout).toMatch(/^2\d\d$/);
    await guarded.shell.stop();
  });
});
