import { describe, expect, it } from 'vitest';
import { AT, journalRecord as record } from '../../test/support/journal-record.js';
import {
  entryFilter,
  rfc3339Time,
  sinceMeansSomething,
  type JournalFilter,
  type JournalRecord,
} from './journal.js';

describe('rfc3339Time', () => {
  const cases: { text: string; time: string | undefined }[] = [
    { text: '2026-01-01T10:00:00Z', time: '2026-01-01T10:00:00.000Z' },
    { text: '2026-01-01t10:00:00.250z', time: '2026-01-01T10:00:00.250Z' },
    { text: '2026-01-01 10:00:00+02:00', time: '2026-01-01T08:00:00.000Z' },
    { text: '2026-02-28', time: '2026-02-28T00:00:00.000Z' },
    { text: '2028-02-29T00:00:00Z', time: '2028-02-29T00:00:00.000Z' },
    { text: '2026-02-29T00:00:00Z', time: undefined },
    { text: '2016-12-31T23:59:60Z', time: '2016-12-31T23:59:59.000Z' },
    { text: '2026-01-01T10:00:00+23:59', time: '2025-12-31T10:01:00.000Z' },
    { text: '2000-02-29', time: '2000-02-29T00:00:00.000Z' },
    { text: '1900-02-29', time: undefined },
    { text: '2026-02-30', time: undefined },
    { text: '2026-13-45T99:00:00Z', time: undefined },
    { text: '2026-01-01T24:00:00Z', time: undefined },
    { text: '2026-01-01T10:00:00', time: undefined },
    { text: '2026-01-01T10:00Z', time: undefined },
    { text: 'yesterday', time: undefined },
    { text: '3fa85f64-5717-4562-b3fc-2c963f66afa6', time: undefined },
  ];
  it.each(cases)('$text is $time', ({ text, time }) => {
    const ms = rfc3339Time(text);
    expect(ms === undefined ? undefined : new Date(ms).toISOString()).toBe(time);
  });
});

describe('sinceMeansSomething', () => {
  const cases: { since: string; kept: boolean; means: boolean }[] = [
    { since: '2026-01-01T10:00:00Z', kept: false, means: true },
    { since: '3fa85f64-5717-4562-b3fc-2c963f66afa6', kept: false, means: true },
    { since: 'my-trace.42', kept: false, means: true },
    { since: '2026-13-45T99:00:00Z', kept: false, means: false },
    { since: '2026-11-27.build-42', kept: false, means: false },
    { since: '2026-11-27.build-42', kept: true, means: true },
    { since: 'Jan 1 2030', kept: false, means: false },
    { since: 'a'.repeat(129), kept: false, means: false },
  ];
  it.each(cases)('$since (kept: $kept) means something: $means', ({ since, kept, means }) => {
    expect(sinceMeansSomething(since, () => kept)).toBe(means);
  });
});

describe('entryFilter', () => {
  const cases: { name: string; filter: JournalFilter; record?: Partial<JournalRecord>; matches: boolean }[] =
    [
      { name: 'no filter matches everything', filter: {}, matches: true },
      { name: 'the method matches whatever its case', filter: { method: 'get' }, matches: true },
      { name: 'another method does not', filter: { method: 'POST' }, matches: false },
      { name: 'an exact status matches', filter: { status: '200' }, matches: true },
      { name: 'another status does not', filter: { status: '201' }, matches: false },
      { name: 'a status class matches', filter: { status: '2xx' }, matches: true },
      { name: 'another class does not', filter: { status: '4xx' }, matches: false },
      {
        name: 'status 0 (no answer) is in no class',
        filter: { status: '2xx' },
        record: { status: 0 },
        matches: false,
      },
      {
        name: 'a path pattern is held to the path, not the query',
        filter: { path: '/subscriptions/*' },
        matches: true,
      },
      { name: 'a pattern ending early does not match', filter: { path: '/subscriptions' }, matches: false },
      { name: 'a pattern naming the query does not match', filter: { path: '*limit*' }, matches: false },
      { name: 'a time at the request matches', filter: { since: new Date(AT).toISOString() }, matches: true },
      {
        name: 'a time after the request does not',
        filter: { since: new Date(AT + 1).toISOString() },
        matches: false,
      },
      { name: 'a request id is no time: the walk handles it', filter: { since: 'r-0' }, matches: true },
      { name: 'every filter given must match', filter: { method: 'GET', status: '4xx' }, matches: false },
    ];
  it.each(cases)('$name', ({ filter, record: overrides, matches }) => {
    expect(entryFilter(filter)(record(overrides))).toBe(matches);
  });
});
