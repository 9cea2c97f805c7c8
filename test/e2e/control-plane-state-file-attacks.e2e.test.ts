import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../src/index.js';
import { cliMock, cliMockExit } from '../support/cli-mock.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { allSubscriptions, createBody, MockClient, send, SUBSCRIPTIONS } from '../support/mock-client.js';
import {
  BUILD_IF_STALE,
  spawnMock,
  startMockProcess,
  stopMockProcess,
  type ListeningMock,
} from '../support/mock-process.js';
import { madeStateFile, STATE_FILE_SIZES as SIZES, stateFileOptions } from '../support/state-files.js';

// Issue 28, items 1, 8 and 9: a state file is owned by one mock, every line of it is checked with the API's
// rules before the mock listens, and a path that cannot be a state file gets one line naming it and the fix.

let folder = '';
let running: ListeningMock | undefined;
const NEW_ID = '6f1c2a4e-0b7d-4c39-9a51-3e8f2d7b6c10';
const REPAIR_FIX = (kept: number) =>
  `start with --state-file-repair to keep lines 1-${kept} and drop the rest, or delete the file to start from the seed`;

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [BUILD_IF_STALE]);
  folder = mkdtempSync(join(tmpdir(), 'subcat-state-attacks-'));
}, 180_000);

afterAll(async () => {
  await stopMockProcess(running);
  if (folder !== '') rmSync(folder, { recursive: true, force: true });
});

async function createdIds(url: string, count: number, name: string): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const reply = await send('POST', `${url}${SUBSCRIPTIONS}`, { body: createBody(`${name} ${index}`) });
    expect(reply.status).toBe(201);
    ids.push(reply.json.data.id as string);
  }
  return ids;
}

describe('a second mock on the same --state-file', () => {
  it('is refused on another port and on the same port, touching nothing, and the first keeps every write', async () => {
    const file = join(folder, 'shared.jsonl');
    running = await startMockProcess([...SIZES, '--state-file', file]);
    const pid = running.child.pid;
    const answered = await createdIds(running.url, 3, 'first mock');
    const before = readFileSync(file);
    const port = new URL(running.url).port;
    for (const portOfB of ['0', port]) {
      const spawned = spawnMock(['--port', portOfB, '--log-level', 'info', ...SIZES, '--state-file', file]);
      // A second mock that starts (as it did before the lock) is stopped, never left running.
      const timer = setTimeout(() => spawned.child.kill('SIGKILL'), 15_000);
      const second = await spawned.exited;
      clearTimeout(timer);
      expect(second.code).toBe(1);
      expect(second.stdout).toBe('');
      expect(second.stderr).toMatch(
        new RegExp(
          `^subcat mock: could not start: state file \\S+ is in use by another mock \\(process ${pid}, started [^;]+; lock \\S+\\.lock\\); stop that mock, or give this one another --state-file; delete the lock only if no mock runs\\n$`,
        ),
      );
      expect(second.stderr).toContain(`state file ${file} `);
      expect(readFileSync(file).equals(before)).toBe(true);
    }
    answered.push(...(await createdIds(running.url, 3, 'after the second')));
    expect(await stopMockProcess(running)).toMatchObject({ code: 0 });
    expect(existsSync(`${file}.lock`)).toBe(false);

    // Killed without a chance to release: its lock is stale, and the next mock takes it over.
    running = await startMockProcess([...SIZES, '--state-file', file]);
    expect(existsSync(`${file}.lock`)).toBe(true);
    const kept = new Set((await allSubscriptions(await MockClient.of(running.url))).map((r) => r.id));
    expect(answered.filter((id) => !kept.has(id))).toEqual([]);
    answered.push(...(await createdIds(running.url, 1, 'before the kill')));
    running.child.kill('SIGKILL');
    await running.exited;
    running = await startMockProcess([...SIZES, '--state-file', file]);
    const again = new Set((await allSubscriptions(await MockClient.of(running.url))).map((r) => r.id));
    expect(answered.filter((id) => !again.has(id))).toEqual([]);
    await stopMockProcess(running);
    running = undefined;
  });

  it('in the same process (two startMock calls) is refused as well, and the first mock keeps serving', async () => {
    const file = join(folder, 'in-process.jsonl');
    const options = stateFileOptions(file);
    const first = await startMock(options);
    try {
      await expect(startMock(options)).rejects.toThrow(
        new RegExp(`^state file \\S+ is in use by another mock \\(process ${process.pid} \\(this one\\)`),
      );
      expect((await MockClient.of(first.url).then((client) => client.create('still'))).status).toBe(201);
    } finally {
      await first.close();
    }
    const reopened = await startMock(options);
    await reopened.close();
  });
});

describe('a hostile or hand-edited line', () => {
  const sessionLine = (session: string, event = 'reset') => JSON.stringify({ session, event });
  type CreateLine = { session: string; write: { subscription: Record<string, unknown> } };
  const createLine = (lines: string[], change: (line: CreateLine) => void) => {
    const line = JSON.parse(lines[2] ?? '') as CreateLine;
    line.write.subscription.id = NEW_ID;
    change(line);
    return JSON.stringify(line);
  };
  const cases: {
    title: string;
    line: (lines: string[]) => string;
    problem?: string;
    session?: string;
  }[] = [
    {
      title: 'a create line with almost no fields',
      line: () =>
        JSON.stringify({
          session: '',
          write: {
            kind: 'create',
            subscription: { id: NEW_ID, offering_id: FIXTURE_IDS.subscriptions.offering_id },
          },
        }),
      problem:
        'has a subscription without account_id, name, email, plan_id, currency, status, state, created_at, updated_at',
    },
    {
      title: 'a created_at that is not a time',
      line: (lines) => createLine(lines, (line) => (line.write.subscription.created_at = 'not a time')),
      problem: "has subscription.created_at 'not a time', not a time in epoch milliseconds",
    },
    {
      title: 'an email the API would never answer with',
      line: (lines) => createLine(lines, (line) => (line.write.subscription.email = '<b>x</b>')),
      problem: 'has a subscription the API could not answer: /attributes/email',
    },
    {
      title: 'a session named ../../etc',
      line: () => sessionLine('../../etc'),
      problem: "has a session name '../../etc' the API refuses (it must be 1 to 64 letters, digits",
    },
    {
      title: 'a session name of 100,000 characters',
      line: () => sessionLine('s'.repeat(100_000)),
      problem: `has a session name '${'s'.repeat(40)}...' the API refuses`,
    },
    {
      title: 'a snapshot name with markup',
      line: () => JSON.stringify({ session: '', event: 'snapshot', name: '<script>alert(1)</script>' }),
      problem: "has a snapshot name '<script>alert(1)</script>' the API refuses",
    },
    {
      title: 'an unknown event (once read as dropping the session)',
      line: () => sessionLine('worker-1', 'explode'),
      problem: "has an unknown event 'explode' (known: reset, drop, snapshot, restore, forget)",
    },
    {
      title: 'a line that is an array (once skipped silently)',
      line: () => `[${sessionLine('')}]`,
      problem: 'is an array, not a JSON object',
    },
    { title: 'a line that is a text', line: () => '"reset"', problem: 'is a string, not a JSON object' },
    { title: 'a line that is null', line: () => 'null', problem: 'is null, not a JSON object' },
    {
      title: 'a create in a session named __proto__, which the API accepts',
      line: (lines) => createLine(lines, (line) => (line.session = '__proto__')),
      session: '__proto__',
    },
  ];

  it.each(cases)(
    '$title: refused with one line naming the file, the line and the fix, or served',
    async (each) => {
      const file = await madeStateFile(join(folder, `hostile-${cases.indexOf(each)}.jsonl`));
      const lines = readFileSync(file, 'utf8').split('\n').slice(0, -1);
      writeFileSync(file, `${[...lines, each.line(lines)].join('\n')}\n`);
      const before = readFileSync(file);
      if (each.problem !== undefined) {
        const { code, stdout, stderr } = await cliMockExit([...SIZES, '--state-file', file]);
        expect([code, stdout]).toEqual([1, '']);
        expect(stderr).toMatch(/^subcat mock: could not start: [^\n]+\n$/);
        expect(stderr).toContain(`state file ${file} line ${lines.length + 1} ${each.problem}`);
        expect(stderr).toContain(`; ${REPAIR_FIX(lines.length)}\n`);
        expect(readFileSync(file).equals(before)).toBe(true);
        expect(existsSync(`${file}.lock`)).toBe(false);
        return;
      }
      const cli = await cliMock([...SIZES, '--state-file', file]);
      try {
        const client = await MockClient.of(cli.url);
        for (const session of ['', each.session ?? '']) {
          const listed = await allSubscriptions(client, session);
          const first = (JSON.parse(lines[2] ?? '') as CreateLine).write.subscription.id;
          expect(listed.map((record) => record.id)).toContain(session === '' ? first : NEW_ID);
        }
      } finally {
        expect(await cli.stop()).toBe(0);
      }
    },
  );

  it('--state-file-repair keeps the lines before the first bad one, drops the rest, and says so', async () => {
    const file = await madeStateFile(join(folder, 'repair.jsonl'));
    const lines = readFileSync(file, 'utf8').split('\n').slice(0, -1);
    const after = JSON.stringify({ session: 'worker-2', event: 'reset' });
    writeFileSync(file, `${[...lines, '[1]', after].join('\n')}\n`);
    const refused = await cliMockExit([...SIZES, '--state-file', file]);
    expect(refused.stderr).toContain(
      `line ${lines.length + 1} is an array, not a JSON object; ${REPAIR_FIX(lines.length)}`,
    );

    running = await startMockProcess([
      ...SIZES,
      '--log-level',
      'warn',
      '--state-file',
      file,
      '--state-file-repair',
    ]);
    const repaired = await stopMockProcess(running);
    running = undefined;
    expect(repaired?.stdout).toContain(
      `--state-file-repair kept lines 1-${lines.length} and dropped 2 from line ${lines.length + 1} on (line ${lines.length + 1} is an array, not a JSON object)`,
    );
    const cli = await cliMock([...SIZES, '--state-file', file]);
    try {
      const names = (await allSubscriptions(await MockClient.of(cli.url))).map((record) => record.name);
      expect(names.filter((name) => name === 'first' || name === 'second').sort()).toEqual([
        'first',
        'second',
      ]);
      expect(readFileSync(file, 'utf8').split('\n')).not.toContain('[1]');
      expect(readFileSync(file, 'utf8')).not.toContain('worker-2');
    } finally {
      await cli.stop();
    }
    expect((await cliMockExit(['--state-file-repair'])).stderr).toContain(
      '--state-file-repair needs a stateFile',
    );
  });
});

describe('a path that cannot be a state file', () => {
  it('a folder, or a file in a folder that does not exist, gets one line naming the file and the fix', async () => {
    const inMissing = join(folder, 'missing', 'state.jsonl');
    const cases = [
      {
        path: folder,
        line: `state file ${folder} is a folder, not a file; give the path of a file, such as ${join(folder, 'state.jsonl')}`,
      },
      {
        path: inMissing,
        line: `state file ${inMissing} is in a folder that does not exist (${join(folder, 'missing')}); create the folder first, or give a path in a folder that exists`,
      },
    ];
    for (const { path, line } of cases) {
      const { code, stdout, stderr } = await cliMockExit([...SIZES, '--state-file', path]);
      expect([code, stdout, stderr]).toEqual([1, '', `subcat mock: could not start: ${line}\n`]);
    }
    expect(existsSync(join(folder, 'missing'))).toBe(false);
  });

  it('an empty file is a new state, and a file that starts with a BOM is read past it', async () => {
    const empty = join(folder, 'empty.jsonl');
    writeFileSync(empty, '');
    const started = await cliMock([...SIZES, '--state-file', empty]);
    expect(await started.stop()).toBe(0);
    expect(JSON.parse(readFileSync(empty, 'utf8').split('\n')[0] ?? '')).toMatchObject({
      subcat_state_file: 1,
    });

    const bom = await madeStateFile(join(folder, 'bom.jsonl'));
    writeFileSync(bom, `\uFEFF${readFileSync(bom, 'utf8')}`);
    const cli = await cliMock([...SIZES, '--state-file', bom]);
    try {
      const names = (await allSubscriptions(await MockClient.of(cli.url))).map((record) => record.name);
      expect(names).toContain('first');
    } finally {
      await cli.stop();
    }
  });
});
