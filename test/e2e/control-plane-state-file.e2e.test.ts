import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../src/index.js';
import { cliMockExit } from '../support/cli-mock.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { allSubscriptions, createBody, MockClient, send, SUBSCRIPTIONS } from '../support/mock-client.js';
import {
  BUILD_IF_STALE,
  spawnMock,
  startMockProcess,
  stopMockProcess,
  type ListeningMock,
} from '../support/mock-process.js';
import { madeStateFile, STATE_FILE_SIZES } from '../support/state-files.js';

// --state-file (issue 13, item 4): every change kept across restarts, a SIGTERM loses no answered write, and a
// file that cannot be used stops the start with one line naming the file and the fix, never a silent reset.

const SIZES = STATE_FILE_SIZES;
const LANES = 8;
const SIGNAL_AFTER = 60;
let folder = '';
let running: ListeningMock | undefined;

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [BUILD_IF_STALE]);
  folder = mkdtempSync(join(tmpdir(), 'subcat-state-file-'));
}, 180_000);

afterAll(async () => {
  await stopMockProcess(running);
  if (folder !== '') rmSync(folder, { recursive: true, force: true });
});

describe('a mock killed with SIGTERM mid-load', () => {
  it('restarted with the same --state-file lists every create that got a 2xx, and a cut file stops the start', async () => {
    const file = join(folder, 'load.jsonl');
    running = await startMockProcess([...SIZES, '--state-file', file]);
    const { url, child } = running;
    const answered: string[] = [];
    let signalled = false;
    const lane = async () => {
      for (let sent = 0; sent < 2_000; sent += 1) {
        let reply;
        try {
          reply = await send('POST', `${url}${SUBSCRIPTIONS}`, { body: createBody(`load ${sent}`) });
        } catch {
          return; // the mock has stopped listening
        }
        if (reply.status === 201) answered.push(reply.json.data.id as string);
        if (!signalled && answered.length >= SIGNAL_AFTER) {
          signalled = true;
          child.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    const exit = await running.exited;
    expect(signalled).toBe(true);
    expect([exit.code, exit.stderr]).toEqual([0, '']);
    expect(answered.length).toBeGreaterThanOrEqual(SIGNAL_AFTER);

    running = await startMockProcess([...SIZES, '--state-file', file]);
    const client = await MockClient.of(running.url);
    const kept = new Set((await allSubscriptions(client)).map((record) => record.id));
    expect(answered.filter((id) => !kept.has(id))).toEqual([]);
    // Nothing made up: at most one create per lane was written while its answer was lost.
    const seeded = (await client.admin('GET', '/info')).json.data;
    expect(seeded.state_file).toBe(file);
    expect(kept.size - answered.length - 22).toBeLessThanOrEqual(LANES);
    expect(await stopMockProcess(running)).toMatchObject({ code: 0 });
    running = undefined;

    // The same file cut in the middle of its last line: the documented one-line error, the file left as it is.
    const whole = readFileSync(file);
    const lines = whole.toString('utf8').split('\n').length - 1;
    const cut = join(folder, 'cut.jsonl');
    writeFileSync(cut, whole.subarray(0, whole.length - 7));
    const refused = await spawnMock(['--port', '0', '--log-level', 'warn', ...SIZES, '--state-file', cut])
      .exited;
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      `subcat mock: could not start: state file ${cut} ends in the middle of line ${lines} (was it cut short?); start with --state-file-repair to keep lines 1-${lines - 1} and drop the rest, or delete the file to start from the seed\n`,
    );
    expect(readFileSync(cut).equals(whole.subarray(0, whole.length - 7))).toBe(true);
  });
});

describe('a state file that cannot be used', () => {
  const cases = [
    {
      title: 'a file of another seed',
      flags: ['--seed', '2', '--subscriptions', '20', '--products', '5'],
      spoil: (text: string) => text,
      problem:
        'was made with --seed 1 --subscriptions 20 --products 5; start the mock with the same options, or move the file away',
    },
    {
      title: 'a file of other sizes',
      flags: ['--seed', '1', '--subscriptions', '21', '--products', '5'],
      spoil: (text: string) => text,
      problem: 'was made with --seed 1 --subscriptions 20 --products 5',
    },
    {
      title: 'a corrupt line',
      flags: SIZES,
      spoil: (text: string) => text.replace(/\n\{"session":"","write"/, '\n{"session":"","wr'),
      problem:
        'line 3 is not JSON; start with --state-file-repair to keep lines 1-2 and drop the rest, or delete the file to start from the seed',
    },
    {
      title: 'a file of another format version',
      flags: SIZES,
      spoil: (text: string) => text.replace('"subcat_state_file":1', '"subcat_state_file":2'),
      problem: 'is not a subcat state file of format 1 (its first line says 2)',
    },
    {
      title: 'a file that is not a state file at all',
      flags: SIZES,
      spoil: () => '{"name":"my-app","version":"1.0.0"}\n',
      problem: 'is not a subcat state file of format 1',
    },
    {
      title: 'a change that cannot be applied',
      flags: SIZES,
      spoil: (text: string) =>
        text.replace(FIXTURE_IDS.subscriptions.offering_id, '00000000-0000-4000-8000-000000000000'),
      problem: 'line 3 has a change it cannot apply (no offering 00000000-0000-4000-8000-000000000000)',
    },
  ];
  it.each(cases)(
    '$title stops the start with one line naming the file and the fix',
    async ({ flags, spoil, problem }) => {
      const file = await madeStateFile(
        join(folder, `spoiled-${cases.findIndex((c) => c.spoil === spoil)}.jsonl`),
      );
      writeFileSync(file, spoil(readFileSync(file, 'utf8')));
      const before = readFileSync(file);
      const { code, stdout, stderr } = await cliMockExit([...flags, '--state-file', file]);
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^subcat mock: could not start: state file \S+ [^\n]+\n$/);
      expect(stderr).toContain(`state file ${file} `);
      expect(stderr).toContain(problem);
      expect(readFileSync(file).equals(before)).toBe(true);
    },
  );
});

describe('--state-file across restarts', () => {
  const options = (stateFile: string) =>
    ({ port: 0, seed: 4, subscriptions: 10, products: 5, stateFile, logLevel: 'silent' }) as const;

  it('keeps creates, updates, resets, snapshots and every session', async () => {
    const file = join(folder, 'restarts.jsonl');
    const first = await startMock(options(file));
    const client = await MockClient.of(first.url);
    const gone = await client.create('reset away');
    await client.admin('POST', '/reset');
    const kept = (await client.create('kept')).json.data.id as string;
    await client.admin('POST', '/snapshots', { body: { name: 'one' } });
    await client.create('after the snapshot');
    const [planA, planB] = FIXTURE_IDS.subscriptions.plan_ids;
    const switched = await client.call('PUT', `${SUBSCRIPTIONS}/${kept}`, {
      body: {
        data: {
          id: kept,
          type: 'subscription',
          attributes: { plan_id: planB === undefined ? planA : planB },
        },
      },
    });
    expect(switched.status).toBe(200);
    await client.create('in a session', 'worker-1');
    const before = await client.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=100`);
    const beforeWorker = await allSubscriptions(client, 'worker-1');
    await first.close();

    const second = await startMock(options(file));
    try {
      const again = await MockClient.of(second.url);
      const after = await again.call('GET', `${SUBSCRIPTIONS}?page%5Blimit%5D=100`);
      expect(after.text.replaceAll(second.url, '')).toBe(before.text.replaceAll(first.url, ''));
      expect(after.text).not.toContain(gone.json.data.id);
      expect(await allSubscriptions(again, 'worker-1')).toEqual(beforeWorker);
      expect((await again.admin('GET', '/snapshots')).json.data.map((s: { name: string }) => s.name)).toEqual(
        ['one'],
      );
      await again.admin('POST', '/snapshots/one/restore');
      expect((await allSubscriptions(again)).map((record) => record.name)).not.toContain(
        'after the snapshot',
      );
    } finally {
      await second.close();
    }
  });

  it('a missing file is made, beginning with a line that says what it belongs to', async () => {
    const file = join(folder, 'new.jsonl');
    const mock = await startMock(options(file));
    await mock.close();
    const [header] = readFileSync(file, 'utf8').split('\n');
    expect(JSON.parse(header ?? '')).toEqual({
      subcat_state_file: 1,
      seed: 4,
      subscriptions: 10,
      products: 5,
    });
  });
});
