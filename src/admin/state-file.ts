import {
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { isJsonObject } from '../contract/json-pointer.js';
import type { SubscriptionRecord } from '../store/subscriptions/records.js';
import type { SubscriptionStore, SubscriptionWrite } from '../store/subscriptions/subscription-store.js';
import { SNAPSHOT_BOUNDS, type ChangeLog, type ControlPlane } from './control-plane.js';
import { lockStateFile } from './state-file-lock.js';
import {
  readStateLine,
  recordProblem,
  type LineRules,
  type StateLine as Line,
  type StoredSubscription,
  type StoredWrite,
} from './state-file-lines.js';
import { errnoCode, fsProblem, placeProblem, syncFolder, thrownMessage } from './state-file-place.js';

/** The format this version writes; a file of another is refused, never guessed at. */
const FORMAT = 1;

/** What a state file belongs to: a file made for other seeded data would replay onto the wrong records. */
export type StateFileIdentity = { seed: number; subscriptions: number; products: number };

/** `repair` (--state-file-repair): keep the lines before the first bad one and drop the rest, saying so with `warn`. */
export type StateFileOptions = { rules: LineRules; repair?: boolean; warn?: (text: string) => void };

/** A state file that cannot be used: the start stops with this message, never a silent reset. */
export class StateFileError extends Error {
  constructor(path: string, problem: string, fix: string) {
    // Control characters escaped: a name or path with a line break must not break the one line.
    super(
      `state file ${path} ${problem}; ${fix}`.replace(/\p{Cc}|[\u2028\u2029]/gu, (c) =>
        JSON.stringify(c).slice(1, -1),
      ),
    );
    this.name = 'StateFileError';
  }
}

/** Locks, checks, replays and compacts a state file, then appends each change (one write(2)) before the store makes it. */
export function openStateFile<State>(
  path: string,
  identity: StateFileIdentity,
  plane: ControlPlane<State>,
  options: StateFileOptions,
): ChangeLog & { close(): void } {
  const place = placeProblem(path);
  if (place !== undefined) throw new StateFileError(path, place.problem, place.fix);
  let lock;
  try {
    lock = lockStateFile(path);
  } catch (error) {
    throw new StateFileError(path, `cannot be locked (${fsProblem(error)})`, WRITE_FIX);
  }
  if ('heldBy' in lock)
    throw new StateFileError(
      path,
      `is in use by another mock (${lock.heldBy}; lock ${lock.lockPath})`,
      `stop that mock, or give this one another --state-file; delete the lock only if no mock runs`,
    );
  let fd: number;
  try {
    const text = readText(path);
    if (text !== undefined) replay(path, text, identity, plane, options);
    for (const line of snapshotsOverCaps(plane)) options.warn?.(`state file ${path}: ${line}`);
    compact(path, identity, plane);
    fd = openSync(path, 'a');
  } catch (error) {
    lock.release();
    if (error instanceof StateFileError) throw error;
    throw new StateFileError(path, `cannot be written (${fsProblem(error)})`, WRITE_FIX);
  }
  const append = (line: Line) => {
    writeSync(fd, `${JSON.stringify(line)}\n`);
  };
  return {
    write: (session, write) => append({ session, write: stored(write) }),
    event: (session, event) =>
      append('name' in event ? { session, event: event.op, name: event.name } : { session, event: event.op }),
    close: () => {
      try {
        fsyncSync(fd);
        closeSync(fd);
      } finally {
        lock.release();
      }
    },
  };
}

const WRITE_FIX = "check the folder's permissions and free space, or give another --state-file";
const HEADER_FIX = 'move the file away to start from the seed, or restore it from a copy';

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw new StateFileError(path, `cannot be read (${fsProblem(error)})`, WRITE_FIX);
  }
}

function replay<State>(
  path: string,
  text: string,
  identity: StateFileIdentity,
  plane: ControlPlane<State>,
  options: StateFileOptions,
): void {
  // A byte order mark (an editor's) is read past; an empty file is a new state, as a missing one is.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '') return;
  const lines = body.split('\n');
  const whole = body.endsWith('\n');
  if (whole) lines.pop();
  if (lines.length === 1 && !whole)
    throw new StateFileError(path, 'ends in the middle of its first line (was it cut short?)', HEADER_FIX);
  const first = parse(lines[0] ?? '');
  const header = isJsonObject(first) ? first : {};
  if (header.subcat_state_file !== FORMAT)
    throw new StateFileError(
      path,
      `is not a subcat state file of format ${FORMAT} (${first === undefined ? 'its first line is not JSON' : `its first line says ${JSON.stringify(header.subcat_state_file)}`})`,
      HEADER_FIX,
    );
  const made = `--seed ${String(header.seed)} --subscriptions ${String(header.subscriptions)} --products ${String(header.products)}`;
  if (
    header.seed !== identity.seed ||
    header.subscriptions !== identity.subscriptions ||
    header.products !== identity.products
  )
    throw new StateFileError(
      path,
      `was made with ${made}`,
      `start the mock with the same options, or ${HEADER_FIX}`,
    );
  for (let index = 1; index < lines.length; index += 1) {
    const cut = !whole && index === lines.length - 1;
    const problem = cut
      ? 'ends in the middle of a line (was it cut short?)'
      : lineProblem(plane, lines[index] ?? '', options.rules);
    if (problem === undefined) continue;
    const at = `line ${index + 1}`;
    if (options.repair !== true)
      throw new StateFileError(
        path,
        cut ? `ends in the middle of ${at} (was it cut short?)` : `${at} ${problem}`,
        `start with --state-file-repair to keep lines 1-${index} and drop the rest, or delete the file to start from the seed`,
      );
    options.warn?.(
      `state file ${path}: --state-file-repair kept lines 1-${index} and dropped ${lines.length - index} from ${at} on (${at} ${problem})`,
    );
    return;
  }
}

/** What is wrong with one line, or undefined once it is applied. */
function lineProblem<State>(plane: ControlPlane<State>, text: string, rules: LineRules): string | undefined {
  const value = parse(text);
  if (value === undefined) return 'is not JSON';
  const line = readStateLine(value, rules);
  if (typeof line === 'string') return line;
  const existed = plane.existing(line.session) !== undefined;
  const problem = apply(plane, line, rules);
  // A session made only for a line that is refused is not kept (--state-file-repair compacts what is left).
  if (problem !== undefined && !existed) plane.drop(line.session);
  return problem;
}

function apply<State>(plane: ControlPlane<State>, line: Line, rules: LineRules): string | undefined {
  const session = line.session;
  try {
    if ('write' in line) {
      const store = plane.session(session).store;
      const write = restored(store, line.write);
      const problem = recordProblem(write.subscription, rules);
      if (problem !== undefined) return problem;
      store.apply(write);
    } else if (!('name' in line)) {
      if (line.event === 'reset') plane.session(session).store.reset();
      else plane.drop(session);
    } else if (line.event === 'snapshot') plane.snapshot(line.name, session, false);
    else if (line.event === 'restore') plane.restore(line.name, session);
    else plane.forgetSnapshot(line.name, session);
  } catch (error) {
    return `has a change it cannot apply (${thrownMessage(error)})`;
  }
  return undefined;
}

/** One line for each count cap the replayed snapshots pass: how many, the cap, and what a new one gets. */
function snapshotsOverCaps<State>(plane: ControlPlane<State>): string[] {
  const { perSession, overall } = SNAPSHOT_BOUNDS;
  const kept = 'were all kept (the file was written before snapshots were capped)';
  const lines: string[] = [];
  let total = 0;
  for (const { name, snapshots } of plane.list()) {
    total += snapshots.size;
    if (snapshots.size <= perSession) continue;
    const which = name === '' ? 'the default session' : `session '${name}'`;
    lines.push(
      `the ${snapshots.size} snapshots of ${which} are more than the ${perSession} a session keeps and ${kept}; its next snapshot is a 409 until ${snapshots.size - perSession + 1} are deleted (DELETE /__subcat/snapshots/{name}${name === '' ? '' : `?session=${name}`})`,
    );
  }
  if (total > overall)
    lines.push(
      `the ${total} snapshots of all sessions are more than the ${overall} the mock keeps and ${kept}; a new snapshot is a 409 until ${total - overall + 1} are deleted`,
    );
  return lines;
}

/** The file again with only what the state now needs: per session, each snapshot's writes, then the current ones. */
function compact<State>(path: string, identity: StateFileIdentity, plane: ControlPlane<State>): void {
  const lines: Line[] = [];
  for (const session of [...plane.list()].reverse()) {
    const name = session.name;
    for (const kept of session.snapshots.values()) {
      lines.push({ session: name, event: 'reset' });
      for (const write of kept.snapshot.writes()) lines.push({ session: name, write: stored(write) });
      lines.push({ session: name, event: 'snapshot', name: kept.name });
    }
    lines.push({ session: name, event: 'reset' });
    for (const write of session.store.writes()) lines.push({ session: name, write: stored(write) });
  }
  const header = { subcat_state_file: FORMAT, ...identity };
  const text = [header, ...lines].map((line) => `${JSON.stringify(line)}\n`).join('');
  // Synced before the rename, and the folder after it: a power cut keeps the old file or the whole new one.
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text, { flush: true });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncFolder(path);
}

function parse(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

function stored(write: SubscriptionWrite): StoredWrite {
  const { offering, ...rest } = write.subscription;
  const subscription: StoredSubscription = { ...rest, offering_id: offering.id };
  return write.kind === 'create' && write.offering !== undefined
    ? { kind: 'create', subscription, offering: write.offering }
    : { kind: write.kind, subscription };
}

function restored(store: SubscriptionStore, write: StoredWrite): SubscriptionWrite {
  const { offering_id: offeringId, ...rest } = write.subscription;
  const offering = write.offering ?? store.offering(offeringId);
  if (offering === undefined) throw new Error(`no offering ${offeringId}`);
  const subscription: SubscriptionRecord = { ...rest, offering };
  return write.kind === 'create'
    ? { kind: 'create', subscription, ...(write.offering && { offering }) }
    : { kind: 'update', subscription };
}
