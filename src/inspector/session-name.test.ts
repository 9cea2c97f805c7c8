import { describe, expect, it } from 'vitest';
import { isSessionName, sessionFromQuery, sessionQuery } from './session-name.js';

describe('sessionFromQuery and sessionQuery', () => {
  const cases: { search: string; session: string }[] = [
    { search: '', session: '' },
    { search: '?session=worker-1', session: 'worker-1' },
    { search: '?x=1&session=a.b_c', session: 'a.b_c' },
    { search: '?session=bad%20name', session: '' },
    { search: '?other=1', session: '' },
    { search: `?session=${'x'.repeat(65)}`, session: '' },
  ];
  it.for(cases)('reads "$search" as session "$session"', ({ search, session }) => {
    expect(sessionFromQuery(search)).toBe(session);
    expect(sessionFromQuery(sessionQuery(session))).toBe(session);
  });
  it('takes the names the control plane takes', () => {
    expect(['w1', 'a'.repeat(64), '', 'a b', 'é'].map(isSessionName)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
