/** What snapshots may hold, per session and over all sessions (issue 28: 2,100 snapshots reached 3.3 GB). */
export interface SnapshotBounds {
  perSession: number;
  overall: number;
  /** Estimated bytes (see snapshotBytes), per session and overall. */
  sessionBytes: number;
  overallBytes: number;
}

export const SNAPSHOT_BOUNDS: SnapshotBounds = {
  perSession: 64,
  overall: 256,
  sessionBytes: 256 * 1024 * 1024,
  // A copy holds some 80 bytes a change, not 128: 384 MiB counted is about 240 MB of RSS (flood-snapshots).
  overallBytes: 384 * 1024 * 1024,
};

/** Bytes a snapshot costs: a copy of the store's changes, references to records shared with the store. */
const BYTES_PER_CHANGE = 128;
const BYTES_PER_SNAPSHOT = 1024;

/** The estimated bytes of a snapshot of a store with `changes` created or replaced records. */
export function snapshotBytes(changes: number): number {
  return BYTES_PER_SNAPSHOT + changes * BYTES_PER_CHANGE;
}

const MIB = 1024 * 1024;

/**
 * Why one more snapshot of `bytes` does not fit, naming the limit and how to free room, or undefined when it
 * fits. `session` and `all` are what is kept already.
 */
export function snapshotRefusal(
  bytes: number,
  session: { count: number; bytes: number },
  all: { count: number; bytes: number },
  bounds: SnapshotBounds = SNAPSHOT_BOUNDS,
): string | undefined {
  const free = 'delete one first (DELETE /__subcat/snapshots/{name})';
  const freeAny = `${free.slice(0, -1)}, in any session, or drop a session)`;
  if (session.count >= bounds.perSession)
    return `this session keeps ${bounds.perSession} snapshots, the most a session keeps; ${free}`;
  if (all.count >= bounds.overall)
    return `the mock keeps ${bounds.overall} snapshots, the most it keeps over all sessions; ${freeAny}`;
  if (session.bytes + bytes > bounds.sessionBytes)
    return `this snapshot (about ${Math.ceil(bytes / MIB)} MiB) would take this session's snapshots past ${bounds.sessionBytes / MIB} MiB; ${free} or reset before taking it`;
  if (all.bytes + bytes > bounds.overallBytes)
    return `this snapshot (about ${Math.ceil(bytes / MIB)} MiB) would take all snapshots past ${bounds.overallBytes / MIB} MiB; ${freeAny}`;
  return undefined;
}
