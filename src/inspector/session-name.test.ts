import { describe, expect, it } from 'vitest';
import { loadAdminSpec } from '../contract/spec-document.js';
import { limitsFromSpec } from './limits-from-spec.js';
import { isSessionName, sessionFromQuery, sessionQuery } from './session-name.js';

const pattern = limitsFromSpec(loadAdminSpec()).name;

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
    expect(sessionFromQuery(search, pattern)).toBe(session);
    expect(sessionFromQuery(sessionQuery(session), pattern)).toBe(session);
  });
  it('takes the names the control plane takes', () => {
    expect(['w1', 'a'.repeat(64), '', 'a b', 'é'].map((name) => isSessionName(name, pattern))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
