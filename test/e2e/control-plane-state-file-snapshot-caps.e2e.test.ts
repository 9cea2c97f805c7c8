import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allSubscriptions, MockClient, send } from '../support/mock-client.js';
import {
  BUILD_IF_STALE,
  startMockProcess,
  stopMockProcess,
  type ListeningMock,
} from '../support/mock-process.js';
import { madeStateFile, STATE_FILE_SIZES as SIZES } from '../support/state-files.js';

// Issue 28: a state file written before snapshots were capped may hold more than a session (64) or the mock
// (256) keeps now. Each was answered 201, so the start replays them all and says so; new ones are refused.

let folder = '';
let running: ListeningMock | undefined;

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [BUILD_IF_STALE]);
  folder = mkdtempSync(join(tmpdir(), 'subcat-state-snapshots-'));
}, 180_000);

afterAll(async () => {
  await stopMockProcess(running);
  if (folder !== '') rmSync(folder, { recursive: true, force: true });
});

const SESSIONS = ['', 'w1', 'w2', 'w3'];

describe('a state file with more snapshots than the caps', () => {
  it('starts with every snapshot and write kept, says which caps it passes, and refuses a new snapshot', async () => {
    const file = await madeStateFile(join(folder, 'old.jsonl'));
    // 65 snapshots in each of four sessions: one over a session's 64, and 260 over the mock's 256.
    const lines = SESSIONS.flatMap((session) =>
      Array.from({ length: 65 }, (_, n) => JSON.stringify({ session, event: 'snapshot', name: `s${n}` })),
    );
    appendFileSync(file, `${lines.join('\n')}\n`);

    for (const start of ['first', 'again']) {
      running = await startMockProcess([...SIZES, '--log-level', 'warn', '--state-file', file]);
      const snapshots = await send('GET', `${running.url}/__subcat/snapshots?session=w2`);
      expect(snapshots.json.data).toHaveLength(65);
      const refused = await send('POST', `${running.url}/__subcat/snapshots?session=w2`, {
        body: { name: 'one-more' },
      });
      expect(refused.status).toBe(409);
      const names = (await allSubscriptions(await MockClient.of(running.url))).map((record) => record.name);
      expect(names.filter((name) => name === 'first' || name === 'second').sort()).toEqual([
        'first',
        'second',
      ]);
      const stopped = await stopMockProcess(running);
      running = undefined;
      expect(stopped?.code, start).toBe(0);
      const warned = stopped?.stdout ?? '';
      expect(warned).toContain(
        `state file ${file}: the 65 snapshots of the default session are more than the 64 a session keeps and were all kept (the file was written before snapshots were capped); its next snapshot is a 409 until 2 are deleted (DELETE /__subcat/snapshots/{name})`,
      );
      expect(warned).toContain(
        "the 65 snapshots of session 'w3' are more than the 64 a session keeps and were all kept",
      );
      expect(warned).toContain('DELETE /__subcat/snapshots/{name}?session=w3)');
      expect(warned).toContain(
        'the 260 snapshots of all sessions are more than the 256 the mock keeps and were all kept (the file was written before snapshots were capped); a new snapshot is a 409 until 5 are deleted',
      );
    }
  });
});
