import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { isJsonObject } from '../contract/json-pointer.js';
import { errnoCode } from './state-file-place.js';

/** What a lock file holds: the process that owns the state file, and since when. */
export interface LockHolder {
  pid: number;
  started_at: string;
}

/** The lock taken (release() gives it back, as exiting does), or who holds it, in words. */
export type StateFileLock = { readonly lockPath: string; release(): void };
export type LockRefused = { readonly lockPath: string; readonly heldBy: string };

// A lock file naming no process that is younger than this is being written by its taker, not left over.
const FRESH_MS = 2_000;
// Locks this process holds, with their text: a lock naming our pid is ours only when listed (pid 1 of a container).
const held = new Map<string, string>();
let releasesOnExit = false;

/** Takes `FILE.lock` (O_EXCL, our pid and start) before the state file is read; a lock whose process is gone is taken over. */
export function lockStateFile(file: string, now = Date.now()): StateFileLock | LockRefused {
  const lockPath = `${file}.lock`;
  const started = new Date(now - process.uptime() * 1000).toISOString();
  const text = `${JSON.stringify({ pid: process.pid, started_at: started } satisfies LockHolder)}\n`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (create(lockPath, text)) return taken(lockPath, text);
    const found = read(lockPath);
    if (found === undefined) continue; // released meanwhile
    if (isLive(lockPath, found)) return { lockPath, heldBy: described(found) };
    // Left over: moved aside, so only one of two takers moves it; a live lock taken meanwhile is put back.
    const aside = `${lockPath}.${process.pid}.stale`;
    if (!moved(lockPath, aside)) continue;
    const movedText = read(aside);
    if (movedText !== undefined && movedText !== found && isLive(lockPath, movedText)) {
      putBack(aside, lockPath);
      return { lockPath, heldBy: described(movedText) };
    }
    unlinkSync(aside);
  }
  return { lockPath, heldBy: 'another mock taking it at this moment' };
}

/** The holder a lock file's text names, or undefined when it names none (cut short, or not ours). */
export function lockHolder(text: string): LockHolder | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isJsonObject(value)) return undefined;
  const { pid, started_at } = value;
  return typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0 && typeof started_at === 'string'
    ? { pid, started_at }
    : undefined;
}

function taken(lockPath: string, text: string): StateFileLock {
  held.set(lockPath, text);
  if (!releasesOnExit) {
    releasesOnExit = true;
    // Synchronous, so it runs on exit() too; a SIGINT or SIGTERM of the CLI closes the mock, which releases.
    process.on('exit', () => [...held.keys()].forEach(release));
  }
  return { lockPath, release: () => release(lockPath) };
}

function release(lockPath: string): void {
  const text = held.get(lockPath);
  if (text === undefined) return;
  held.delete(lockPath);
  // Only our own lock: one taken over from us (we were thought dead) is the new owner's.
  if (read(lockPath) === text) unlinkSync(lockPath);
}

function isLive(lockPath: string, text: string): boolean {
  const holder = lockHolder(text);
  if (holder === undefined)
    return Date.now() - (statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs ?? 0) < FRESH_MS;
  if (holder.pid === process.pid) return held.has(lockPath);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process lives, under another user.
    return errnoCode(error) === 'EPERM';
  }
}

function described(text: string): string {
  const holder = lockHolder(text);
  return holder === undefined
    ? 'a mock starting at this moment'
    : `process ${holder.pid}${holder.pid === process.pid ? ' (this one)' : ''}, started ${holder.started_at}`;
}

function create(lockPath: string, text: string): boolean {
  let fd;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (error) {
    if (errnoCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

function moved(from: string, to: string): boolean {
  try {
    renameSync(from, to);
    return true;
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return false;
    throw error;
  }
}

function putBack(aside: string, lockPath: string): void {
  try {
    linkSync(aside, lockPath);
  } catch {
    // A third mock took the lock meanwhile: it holds it now.
  }
  unlinkSync(aside);
}
