import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockHolder, lockStateFile, type StateFileLock } from './state-file-lock.js';

const folder = mkdtempSync(join(tmpdir(), 'subcat-lock-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const freshFile = () => join(folder, `state-${(files += 1)}.jsonl`);
const lockText = (pid: number) => `${JSON.stringify({ pid, started_at: '2026-01-01T00:00:00.000Z' })}\n`;
/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

function taken(lock: ReturnType<typeof lockStateFile>): StateFileLock {
  if ('heldBy' in lock) throw new Error(`refused: ${lock.heldBy}`);
  return lock;
}

describe('lockStateFile', () => {
  it('takes a free lock beside the file, naming this process, and release removes it', () => {
    const file = freshFile();
    const lock = taken(lockStateFile(file));
    expect(lock.lockPath).toBe(`${file}.lock`);
    expect(lockHolder(readFileSync(lock.lockPath, 'utf8'))?.pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lock.lockPath)).toBe(false);
  });

  const cases: { title: string; left: (lockPath: string) => void; heldBy?: RegExp }[] = [
    {
      title: 'a lock of a live process is refused, naming its pid',
      left: (lockPath) => writeFileSync(lockPath, lockText(process.ppid)),
      heldBy: new RegExp(`^process ${process.ppid}, started 2026-01-01T00:00:00.000Z$`),
    },
    {
      title: 'a lock of a process that has exited is taken over',
      left: (lockPath) => writeFileSync(lockPath, lockText(deadPid())),
    },
    {
      title: 'a lock of this pid that this process does not hold (a container restarted) is taken over',
      left: (lockPath) => writeFileSync(lockPath, lockText(process.pid)),
    },
    {
      title: 'a lock naming no process, just made, is refused (its taker is writing it)',
      left: (lockPath) => writeFileSync(lockPath, ''),
      heldBy: /^a mock starting at this moment$/,
    },
    {
      title: 'a lock naming no process, left for a minute, is taken over',
      left: (lockPath) => {
        writeFileSync(lockPath, '{"pid":');
        const minuteAgo = new Date(Date.now() - 60_000);
        utimesSync(lockPath, minuteAgo, minuteAgo);
      },
    },
  ];
  it.each(cases)('$title', ({ left, heldBy }) => {
    const file = freshFile();
    left(`${file}.lock`);
    const before = readFileSync(`${file}.lock`, 'utf8');
    const lock = lockStateFile(file);
    if (heldBy !== undefined) {
      expect('heldBy' in lock && lock.heldBy).toMatch(heldBy);
      expect(readFileSync(`${file}.lock`, 'utf8')).toBe(before);
    } else {
      expect(lockHolder(readFileSync(taken(lock).lockPath, 'utf8'))?.pid).toBe(process.pid);
      taken(lock).release();
    }
  });

  it('a second lock of the same file in this process is refused, naming this process', () => {
    const file = freshFile();
    const first = taken(lockStateFile(file));
    const second = lockStateFile(file);
    expect('heldBy' in second && second.heldBy).toMatch(
      new RegExp(`^process ${process.pid} \\(this one\\), started `),
    );
    first.release();
    taken(lockStateFile(file)).release();
  });

  it('release leaves a lock that another process has taken over since', () => {
    const file = freshFile();
    const lock = taken(lockStateFile(file));
    writeFileSync(lock.lockPath, lockText(process.ppid));
    lock.release();
    expect(readFileSync(lock.lockPath, 'utf8')).toBe(lockText(process.ppid));
  });
});

describe('lockHolder', () => {
  const cases = [
    { text: lockText(42), holder: { pid: 42, started_at: '2026-01-01T00:00:00.000Z' } },
    { text: '', holder: undefined },
    { text: '{"pid":"42","started_at":"x"}', holder: undefined },
    { text: '{"pid":-1,"started_at":"x"}', holder: undefined },
    { text: 'null', holder: undefined },
  ];
  it.each(cases)('reads $text as $holder', ({ text, holder }) => {
    expect(lockHolder(text)).toEqual(holder);
  });
});
