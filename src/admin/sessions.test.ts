import { describe, expect, it } from 'vitest';
import { SeededSubscriptions } from '../store/subscriptions/seeded-subscriptions.js';
import { SubscriptionStore } from '../store/subscriptions/subscription-store.js';
import { Sessions } from './sessions.js';

const seeded = new SeededSubscriptions({ accounts: [], offerings: [], subscriptions: [] });

function sessions(max: number) {
  let clock = 0;
  const made: string[] = [];
  const all = new Sessions<{ store: SubscriptionStore }>({
    max,
    journalSize: 5,
    now: () => (clock += 1000),
    newStore: (name) => {
      made.push(name);
      return new SubscriptionStore(seeded);
    },
    stateOf: (store) => ({ store }),
  });
  return { all, made };
}

const names = (all: Sessions<unknown>) => all.list().map((session) => session.name);

describe('Sessions', () => {
  it('holds the default session from the start', () => {
    const { all, made } = sessions(2);
    expect(names(all)).toEqual(['']);
    expect(made).toEqual(['']);
    expect(all.size).toBe(1);
  });

  it('makes a named session on first use, then gives the same one back', () => {
    const { all, made } = sessions(2);
    const first = all.use('a');
    const again = all.use('a');
    expect(first.dropped).toBeUndefined();
    expect(again.session).toBe(first.session);
    expect(made).toEqual(['', 'a']);
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

  it('peek neither makes a session nor counts as a use', () => {
    const { all } = sessions(2);
    expect(all.peek('a')).toBeUndefined();
    all.use('a');
    all.use('b');
    all.peek('a');
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
