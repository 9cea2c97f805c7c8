import { describe, expect, it } from 'vitest';
import {
  clockTime,
  durationText,
  entryMatches,
  isControlPlane,
  isFailure,
  isFaulted,
  outcomeOf,
  rowClass,
  sessionText,
  uptimeText,
  type JournalFilter,
  type JournalLine,
} from './journal-text.js';

describe('outcomeOf, isFailure, isFaulted and rowClass', () => {
  const cases: { status: number; fault: string | null; outcome: string; failure: boolean; row: string }[] = [
    { status: 200, fault: null, outcome: 'ok', failure: false, row: '' },
    { status: 201, fault: 'f1: waited 300 ms', outcome: 'ok', failure: false, row: 'faulted' },
    { status: 304, fault: null, outcome: 'redirect', failure: false, row: '' },
    { status: 404, fault: null, outcome: 'client-error', failure: true, row: 'failed' },
    { status: 503, fault: 'f1: status 503', outcome: 'server-error', failure: true, row: 'failed' },
    { status: 0, fault: null, outcome: 'no-answer', failure: true, row: 'failed' },
  ];
  it.for(cases)('calls $status (fault $fault) $outcome', ({ status, fault, outcome, failure, row }) => {
    expect(outcomeOf(status)).toBe(outcome);
    expect(isFailure({ status })).toBe(failure);
    expect(isFaulted({ fault })).toBe(fault !== null);
    expect(rowClass({ status, fault })).toBe(row);
  });
});

describe('durationText, uptimeText and sessionText', () => {
  const durations: [number, string][] = [
    [0.04, '0 ms'],
    [0.44, '0.4 ms'],
    [9.96, '10 ms'],
    [12.4, '12 ms'],
    [1250, '1.25 s'],
  ];
  it.for(durations)('shows %f ms as %s', ([ms, text]) => {
    expect(durationText(ms)).toBe(text);
  });
  const uptimes: [number, string][] = [
    [-1, '0 s'],
    [42.9, '42 s'],
    [303, '5 min 3 s'],
    [3 * 3600 + 12 * 60 + 5, '3 h 12 min'],
    [2 * 86400 + 4 * 3600, '2 d 4 h'],
  ];
  it.for(uptimes)('shows an uptime of %f s as %s', ([seconds, text]) => {
    expect(uptimeText(seconds)).toBe(text);
  });
  it('names the default session "default" and others by their name', () => {
    expect([sessionText(''), sessionText(null), sessionText('w1')]).toEqual(['default', 'default', 'w1']);
  });
});

describe('clockTime', () => {
  it('shows a time of day to the millisecond', () => {
    expect(clockTime('2026-01-02T03:04:05.045Z')).toMatch(/^\d\d:04:05\.045$/);
  });
  it('shows what it cannot read as it came', () => {
    expect(clockTime('yesterday')).toBe('yesterday');
  });
});

describe('isControlPlane', () => {
  const cases: [string, boolean][] = [
    ['/__subcat/info', true],
    ['/v2/__subcat/requests', true],
    ['/__subcat/assets/p1.svg', false],
    ['/subscriptions/subscriptions', false],
    ['/subscriptions/__subcat', false],
  ];
  it.for(cases)('tells %s is the control plane: %s', ([path, expected]) => {
    expect(isControlPlane(path)).toBe(expected);
  });
});

describe('entryMatches', () => {
  const entry: JournalLine = {
    method: 'GET',
    url: '/subscriptions/subscriptions?page[limit]=5',
    status: 503,
    session: 'w1',
    fault: 'f1: answered 503',
  };
  const cases: { title: string; filter: JournalFilter; entry?: Partial<JournalLine>; expected: boolean }[] = [
    { title: 'no filter', filter: {}, expected: true },
    { title: 'its method', filter: { method: 'GET' }, expected: true },
    { title: 'another method', filter: { method: 'POST' }, expected: false },
    { title: 'its session', filter: { session: 'w1' }, expected: true },
    { title: 'another session', filter: { session: '' }, expected: false },
    { title: 'a piece of its URL in another case', filter: { text: 'PAGE[' }, expected: true },
    { title: 'a piece not in its URL', filter: { text: 'catalogs' }, expected: false },
    { title: 'its class', filter: { status: '5xx' }, expected: true },
    { title: 'another class', filter: { status: '4xx' }, expected: false },
    { title: 'failures', filter: { status: 'failures' }, expected: true },
    {
      title: 'failures, for a 200',
      filter: { status: 'failures' },
      entry: { status: 200, fault: null },
      expected: false,
    },
    {
      title: 'failures, for a 200 a fault delayed',
      filter: { status: 'failures' },
      entry: { status: 200 },
      expected: true,
    },
    { title: 'no answer, for a reset', filter: { status: '0' }, entry: { status: 0 }, expected: true },
    { title: 'a class, for a reset', filter: { status: '0xx' }, entry: { status: 0 }, expected: false },
    { title: 'its exact status', filter: { status: '503' }, expected: true },
  ];
  it.for(cases)('passes an entry for $title: $expected', ({ filter, entry: changed, expected }) => {
    expect(entryMatches({ ...entry, ...changed }, filter)).toBe(expected);
  });
});
