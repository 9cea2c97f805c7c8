import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import type { OfferingRecord, SubscriptionRecord } from '../store/subscriptions/records.js';
import type { SubscriptionStore, SubscriptionWrite } from '../store/subscriptions/subscription-store.js';
import type { ChangeLog, ControlPlane } from './control-plane.js';

/** The format this version writes; a file of another is refused, never guessed at. */
const FORMAT = 1;

/** What a state file belongs to: a file made for other seeded data would replay onto the wrong records. */
export interface StateFileIdentity {
  seed: number;
  subscriptions: number;
  products: number;
}

type StoredSubscription = Omit<SubscriptionRecord, 'offering'> & { offering_id: string };
type Line =
  | {
      session: string;
      write: { kind: 'create' | 'update'; subscription: StoredSubscription; offering?: OfferingRecord };
    }
  | { session: string; event: 'reset' | 'drop' }
  | { session: string; event: 'snapshot' | 'restore' | 'forget'; name: string };

/** A state file that cannot be used: the start stops with this message, never a silent reset. */
export class StateFileError extends Error {
  constructor(path: string, problem: string, fix: string) {
    super(`state file ${path} ${problem}; ${fix}`);
    this.name = 'StateFileError';
  }
}

/**
 * Keeps every change of every session in an append-only file of JSON lines: each write reaches the file
 * (one write(2) of a whole line) before the store makes it, so a 2xx means it is kept; at start the file is
 * replayed, then rewritten compacted (a temporary file renamed over it, so a crash keeps the old or the new).
 * @example const file = openStateFile(path, identity, plane); plane.keepChangesIn(file);
 */
export function openStateFile<State>(
  path: string,
  identity: StateFileIdentity,
  plane: ControlPlane<State>,
): ChangeLog & { close(): void } {
  if (existsSync(path)) replay(path, readFileSync(path, 'utf8'), identity, plane);
  compact(path, identity, plane);
  const fd = openSync(path, 'a');
  const append = (line: Line) => {
    writeSync(fd, `${JSON.stringify(line)}\n`);
  };
  return {
    write: (session, write) => append({ session, write: stored(write) }),
    event: (session, event) =>
      append('name' in event ? { session, event: event.op, name: event.name } : { session, event: event.op }),
    close: () => {
      fsyncSync(fd);
      closeSync(fd);
    },
  };
}

function replay<State>(
  path: string,
  text: string,
  identity: StateFileIdentity,
  plane: ControlPlane<State>,
): void {
  const fix = 'move the file away to start from the seed, or restore it from a copy';
  if (text.length > 0 && !text.endsWith('\n'))
    throw new StateFileError(path, 'ends in the middle of a line (was it cut short?)', fix);
  const lines = text.split('\n').slice(0, -1);
  const header = parse(path, lines[0] ?? '', 1, fix) as Partial<
    StateFileIdentity & { subcat_state_file: number }
  >;
  if (header.subcat_state_file !== FORMAT)
    throw new StateFileError(
      path,
      `is not a subcat state file of format ${FORMAT} (its first line says ${JSON.stringify(header.subcat_state_file)})`,
      fix,
    );
  const made = `--seed ${header.seed} --subscriptions ${header.subscriptions} --products ${header.products}`;
  if (
    header.seed !== identity.seed ||
    header.subscriptions !== identity.subscriptions ||
    header.products !== identity.products
  )
    throw new StateFileError(
      path,
      `was made with ${made}`,
      `start the mock with the same options, or ${fix}`,
    );
  lines.slice(1).forEach((text, index) => {
    const line = parse(path, text, index + 2, fix) as Line;
    try {
      apply(plane, line);
    } catch (error) {
      throw new StateFileError(
        path,
        `has a change it cannot apply at line ${index + 2} (${(error as Error).message})`,
        fix,
      );
    }
  });
}

function apply<State>(plane: ControlPlane<State>, line: Line): void {
  const session = line.session;
  if ('write' in line) {
    const store = plane.session(session).store;
    store.apply(restored(store, line.write));
    return;
  }
  if (!('name' in line)) {
    if (line.event === 'reset') plane.session(session).store.reset();
    else plane.sessions.drop(session);
  } else if (line.event === 'snapshot') plane.snapshot(line.name, session);
  else if (line.event === 'restore') plane.restore(line.name, session);
  else plane.forgetSnapshot(line.name, session);
}

/** The file again with only what the state now needs: per session, each snapshot's writes, then the current ones. */
function compact<State>(path: string, identity: StateFileIdentity, plane: ControlPlane<State>): void {
  const lines: Line[] = [];
  for (const session of [...plane.sessions.list()].reverse()) {
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
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, [header, ...lines].map((line) => `${JSON.stringify(line)}\n`).join(''));
  renameSync(temporary, path);
}

function parse(path: string, text: string, line: number, fix: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new StateFileError(path, `is corrupt at line ${line} (not JSON)`, fix);
  }
}

function stored(write: SubscriptionWrite): Extract<Line, { write: unknown }>['write'] {
  const { offering, ...rest } = write.subscription;
  const subscription: StoredSubscription = { ...rest, offering_id: offering.id };
  return write.kind === 'create' && write.offering !== undefined
    ? { kind: 'create', subscription, offering: write.offering }
    : { kind: write.kind, subscription };
}

function restored(
  store: SubscriptionStore,
  write: Extract<Line, { write: unknown }>['write'],
): SubscriptionWrite {
  const { offering_id: offeringId, ...rest } = write.subscription;
  const offering = write.offering ?? store.offering(offeringId);
  if (offering === undefined) throw new Error(`no offering ${offeringId}`);
  const subscription: SubscriptionRecord = { ...rest, offering };
  return write.kind === 'create'
    ? { kind: 'create', subscription, ...(write.offering && { offering }) }
    : { kind: 'update', subscription };
}
