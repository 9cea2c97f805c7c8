import { describe, expect, it } from 'vitest';
import { SeededSubscriptions } from '../store/subscriptions/seeded-subscriptions.js';
import type { SubscriptionStore } from '../store/subscriptions/subscription-store.js';
import { ControlPlane, snapshotBytes, snapshotRefusal, type SnapshotBounds } from './control-plane.js';

const BOUNDS: SnapshotBounds = { perSession: 2, overall: 3, sessionBytes: 10_000, overallBytes: 20_000 };

// prettier-ignore
const cases: { title: string; bytes: number; session: { count: number; bytes: number }; all: { count: number; bytes: number }; refused: RegExp | undefined }[] = [
  { title: 'a snapshot that fits is taken', bytes: 1_000, session: { count: 1, bytes: 1_000 }, all: { count: 2, bytes: 2_000 }, refused: undefined },
  { title: 'a session at its count is refused, naming the limit and the delete', bytes: 1_000, session: { count: 2, bytes: 2_000 }, all: { count: 2, bytes: 2_000 }, refused: /keeps 2 snapshots.*DELETE \/__subcat\/snapshots/ },
  { title: 'the mock at its count is refused, naming any session', bytes: 1_000, session: { count: 0, bytes: 0 }, all: { count: 3, bytes: 3_000 }, refused: /keeps 3 snapshots.*in any session/ },
  { title: "a session's bytes past its budget are refused", bytes: 6_000, session: { count: 1, bytes: 5_000 }, all: { count: 1, bytes: 5_000 }, refused: /this session's snapshots past/ },
  { title: 'all bytes past the overall budget are refused', bytes: 6_000, session: { count: 0, bytes: 0 }, all: { count: 2, bytes: 15_000 }, refused: /all snapshots past/ },
];

describe('snapshotRefusal', () => {
  it.each(cases)('$title', ({ bytes, session, all, refused }) => {
    const refusal = snapshotRefusal(bytes, session, all, BOUNDS);
    if (refused === undefined) expect(refusal).toBeUndefined();
    else expect(refusal).toMatch(refused);
  });

  it('estimates a snapshot from the changes it copies', () => {
    expect(snapshotBytes(1_000) - snapshotBytes(0)).toBe(128_000);
  });
});

const seeded = new SeededSubscriptions({ accounts: [], offerings: [], subscriptions: [] });

function sessions(max: number) {
  let clock = 0;
  const all = new ControlPlane<{ store: SubscriptionStore }>({
    seeded,
    stateOf: (store) => ({ store }),
    maxSubscriptions: 1_000,
    maxSessions: max,
    journalSize: 5,
    delay: null,
    seed: 1,
    now: () => (clock += 1000),
  });
  return { all };
}

const names = (all: ReturnType<typeof sessions>['all']) => all.list().map((session) => session.name);

describe('ControlPlane sessions', () => {
  it('holds the default session from the start', () => {
    const { all } = sessions(2);
    expect(names(all)).toEqual(['']);
  });

  it('makes a named session on first use, then gives the same one back', () => {
    const { all } = sessions(2);
    const first = all.use('a');
    const again = all.use('a');
    expect(first.dropped).toBeUndefined();
    expect(again.session).toBe(first.session);
    expect(names(all)).toEqual(['a', '']);
    expect(first.session.state.store).toBe(first.session.store);
  });

  const cases: {
    name: string;
    max: number;
    uses: string[];
    dropped: (string | undefined)[];
    alive: string[];
  }[] = [
    {
      name: 'past the bound the least recently used goes',
      max: 2,
      uses: ['a', 'b', 'c'],
      dropped: [undefined, undefined, 'a'],
      alive: ['', 'b', 'c'],
    },
    {
      name: 'a use makes a session recent again',
      max: 2,
      uses: ['a', 'b', 'a', 'c'],
      dropped: [undefined, undefined, undefined, 'b'],
      alive: ['', 'a', 'c'],
    },
    {
      name: 'the default session is never dropped, however old',
      max: 1,
      uses: ['', 'a', 'b', 'c'],
      dropped: [undefined, undefined, 'a', 'b'],
      alive: ['', 'c'],
    },
    {
      name: 'a bound of 0 keeps only the default session and the one in use',
      max: 0,
      uses: ['a', 'b'],
      dropped: [undefined, 'a'],
      alive: ['', 'b'],
    },
  ];
  it.each(cases)('$name', ({ max, uses, dropped, alive }) => {
    const { all } = sessions(max);
    expect(uses.map((name) => all.use(name).dropped)).toEqual(dropped);
    expect(names(all).sort()).toEqual(alive);
  });

  it('lists the most recently used first', () => {
    const { all } = sessions(5);
    for (const name of ['a', 'b', 'c', 'a']) all.use(name);
    expect(names(all).filter((name) => name !== '')).toEqual(['a', 'c', 'b']);
  });

  it('records the time of each use', () => {
    const { all } = sessions(5);
    const made = all.use('a').session.lastUsed;
    expect(all.use('a').session.lastUsed).toBeGreaterThan(made);
  });

  it('existing neither makes a session nor counts as a use', () => {
    const { all } = sessions(2);
    expect(all.existing('a')).toBeUndefined();
    all.use('a');
    all.use('b');
    all.existing('a');
    expect(all.use('c').dropped).toBe('a');
  });

  it('drop forgets a named session; the default one cannot be dropped', () => {
    const { all } = sessions(2);
    all.use('a');
    expect([all.drop('a'), all.drop('a'), all.drop('')]).toEqual([true, false, false]);
    expect(names(all)).toEqual(['']);
  });

  it('a dropped name used again is another session, with another key', () => {
    const { all } = sessions(2);
    const before = all.use('a').session;
    all.drop('a');
    const after = all.use('a').session;
    expect(after).not.toBe(before);
    expect(after.key).not.toBe(before.key);
    expect(after.journal).not.toBe(before.journal);
  });

  it('gives each session its own journal of the configured size and no snapshots', () => {
    const { all } = sessions(2);
    const session = all.use('a').session;
    expect(session.journal.size).toBe(5);
    expect(session.snapshots.size).toBe(0);
    expect(session.journal).not.toBe(all.use('').session.journal);
  });
});
