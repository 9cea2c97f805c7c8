import { describe, expect, it } from 'vitest';
import { snapshotBytes, snapshotRefusal, type SnapshotBounds } from './control-plane.js';

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
