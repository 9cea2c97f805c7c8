import { describe, expect, it } from 'vitest';
import {
  JOURNAL_BODY_CHARS,
  Journal,
  JournalBudget,
  journalEntry,
  redacted,
  type JournalFilter,
} from './journal.js';
import { journalRecord as record } from '../../test/support/journal-record.js';

describe('redacted', () => {
  const cases = [
    { name: 'Authorization', header: 'Authorization', value: 'Bearer abc', shown: '<redacted>' },
    { name: 'Proxy-Authorization', header: 'proxy-authorization', value: 'Basic abc', shown: '<redacted>' },
    { name: 'a cookie', header: 'cookie', value: 'sid=1', shown: '<redacted>' },
    { name: 'a set-cookie list', header: 'set-cookie', value: ['a=1', 'b=2'], shown: '<redacted>' },
    { name: 'an API key', header: 'x-api-key', value: 'k', shown: '<redacted>' },
    { name: 'the admin token', header: 'x-subcat-admin-token', value: 't', shown: '<redacted>' },
    { name: 'any header naming a token', header: 'x-csrf-token', value: 't', shown: '<redacted>' },
    { name: 'any header naming a secret', header: 'x-client-secret', value: 's', shown: '<redacted>' },
    { name: 'any header naming a password', header: 'x-password', value: 'p', shown: '<redacted>' },
    {
      name: 'an ordinary header, in lower case',
      header: 'Content-Type',
      value: 'text/plain',
      shown: 'text/plain',
    },
    { name: 'a number', header: 'content-length', value: 12, shown: '12' },
    { name: 'a repeated header, joined', header: 'x-tag', value: ['a', 'b'], shown: 'a, b' },
  ];
  it.each(cases)('$name shows as $shown', ({ header, value, shown }) => {
    expect(redacted({ [header]: value })).toEqual({ [header.toLowerCase()]: shown });
  });

  it('leaves absent headers out', () => {
    expect(redacted({ a: undefined, b: 'x' })).toEqual({ b: 'x' });
  });
});

describe('journalEntry', () => {
  it('shapes a record as the admin API shows it', () => {
    const entry = journalEntry(
      record({
        requestHeaders: { authorization: 'Bearer x', accept: '*/*' },
        fault: 'fault-2: status 503',
        ignored: [{ kind: 'parameter', name: 'sort' }],
      }),
    );
    expect(entry).toEqual({
      id: 'r-1',
      at: '2026-01-02T10:00:00.000Z',
      method: 'GET',
      url: '/subscriptions/subscriptions?page%5Blimit%5D=1',
      path: '/subscriptions/subscriptions',
      operation_id: 'listSubscriptions',
      status: 200,
      duration_ms: 1.23,
      session: '',
      fault: 'fault-2: status 503',
      ignored: [{ kind: 'parameter', name: 'sort' }],
      request: { headers: { authorization: '<redacted>', accept: '*/*' }, body: null, truncated: false },
      response: {
        headers: { 'content-type': 'application/json', 'content-length': '2' },
        body: '{}',
        truncated: false,
      },
    });
  });

  const bodies = [
    {
      name: 'a request body is shown as it was sent, spaces and key order kept',
      body: '{ "b": 1, "a": [1] }',
      shown: '{ "b": 1, "a": [1] }',
      truncated: false,
    },
    {
      name: 'a body of exactly the bound is kept whole',
      body: 'x'.repeat(JOURNAL_BODY_CHARS),
      shown: 'x'.repeat(JOURNAL_BODY_CHARS),
      truncated: false,
    },
    {
      name: 'a body past the bound is cut to it',
      body: 'y'.repeat(JOURNAL_BODY_CHARS + 1),
      shown: 'y'.repeat(JOURNAL_BODY_CHARS),
      truncated: true,
    },
    { name: 'a buffer is read as UTF-8', body: Buffer.from('é'), shown: 'é', truncated: false },
  ];
  it.each(bodies)('$name', ({ body, shown, truncated }) => {
    expect(journalEntry(record({ requestBody: body })).request).toMatchObject({ body: shown, truncated });
    expect(journalEntry(record({ responseBody: body })).response).toMatchObject({ body: shown, truncated });
  });
});

describe('Journal', () => {
  const filled = (size: number, count: number) => {
    const journal = new Journal(size);
    for (let index = 1; index <= count; index++)
      journal.record(record({ id: `r-${index}`, status: index % 2 === 0 ? 200 : 404 }));
    return journal;
  };
  const ids = (journal: Journal, filter?: JournalFilter) => journal.entries(filter).map((entry) => entry.id);

  const cases: { name: string; size: number; count: number; filter?: JournalFilter; expected: string[] }[] = [
    { name: 'lists newest first', size: 5, count: 3, expected: ['r-3', 'r-2', 'r-1'] },
    { name: 'keeps only the last `size` requests', size: 3, count: 7, expected: ['r-7', 'r-6', 'r-5'] },
    { name: 'filters', size: 10, count: 6, filter: { status: '404' }, expected: ['r-5', 'r-3', 'r-1'] },
    { name: 'limits', size: 10, count: 6, filter: { limit: 2 }, expected: ['r-6', 'r-5'] },
    {
      name: 'limits after filtering',
      size: 10,
      count: 6,
      filter: { status: '200', limit: 2 },
      expected: ['r-6', 'r-4'],
    },
    {
      name: 'since a request id: those after it',
      size: 10,
      count: 6,
      filter: { since: 'r-4' },
      expected: ['r-6', 'r-5'],
    },
    {
      name: 'after going round more than once, since still stops at the id',
      size: 4,
      count: 11,
      filter: { since: 'r-9' },
      expected: ['r-11', 'r-10'],
    },
    {
      name: 'since an id no longer kept: all it keeps',
      size: 3,
      count: 6,
      filter: { since: 'r-1' },
      expected: ['r-6', 'r-5', 'r-4'],
    },
  ];
  it.each(cases)('$name', ({ size, count, filter, expected }) => {
    expect(ids(filled(size, count), filter)).toEqual(expected);
  });

  it('keeps the ids of the last `size` requests only', () => {
    const journal = filled(3, 8);
    expect(['r-5', 'r-6', 'r-8'].map((id) => journal.keeps(id))).toEqual([false, true, true]);
  });

  it('clear empties it, and it fills again from there', () => {
    const journal = filled(3, 5);
    journal.clear();
    expect(ids(journal)).toEqual([]);
    journal.record(record({ id: 'after' }));
    expect(ids(journal)).toEqual(['after']);
  });
});

describe('JournalBudget', () => {
  // Issue 28: per-session bounds alone let 256 sessions keep gigabytes; past the budget the oldest record of any
  // session goes first.
  const body = 'b'.repeat(1_000);
  const fill = (journal: Journal, id: string, at: number) =>
    journal.record(record({ id, at, responseBody: body }));
  const ids = (journal: Journal) => journal.entries().map((entry) => entry.id);

  it('drops the oldest records across sessions once the journals together pass it', () => {
    const budget = new JournalBudget(6_000);
    const [a, b] = [new Journal(100, undefined, budget), new Journal(100, undefined, budget)];
    fill(a, 'a1', 1);
    fill(b, 'b1', 2);
    fill(a, 'a2', 3);
    fill(b, 'b2', 4);
    expect([ids(a), ids(b)]).toEqual([
      ['a2', 'a1'],
      ['b2', 'b1'],
    ]);
    fill(b, 'b3', 5);
    fill(b, 'b4', 6);
    expect([ids(a), ids(b)]).toEqual([['a2'], ['b4', 'b3', 'b2']]);
    expect(budget.used).toBeLessThanOrEqual(6_000);
  });

  it('gives back the bytes of a cleared or released journal', () => {
    const budget = new JournalBudget(1_000_000);
    const journal = new Journal(100, undefined, budget);
    fill(journal, 'r1', 1);
    expect(budget.used).toBeGreaterThan(1_000);
    journal.clear();
    expect(budget.used).toBe(0);
    fill(journal, 'r2', 2);
    journal.release();
    expect([budget.used, budget.journals.size]).toEqual([0, 0]);
  });
});
