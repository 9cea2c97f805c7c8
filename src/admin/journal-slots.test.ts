import { describe, expect, it } from 'vitest';
import { JournalSlots } from './journal-slots.js';
import type { JournalRecord } from './journal.js';

const SHARED = Object.freeze({ 'Content-Type': 'application/vnd.api+json', 'Content-Length': 2 });

function record(overrides: Partial<JournalRecord> = {}): JournalRecord {
  return {
    id: '3b241101-e2bb-4255-8caf-4136c566a962',
    at: Date.UTC(2026, 0, 2, 10, 0, 0),
    method: 'GET',
    url: '/subscriptions/subscriptions?page%5Blimit%5D=1',
    operationId: 'listSubscriptions',
    status: 200,
    durationMs: 1.23456,
    session: '',
    fault: undefined,
    requestHeaders: { host: '127.0.0.1:4010', accept: '*/*' },
    requestBody: undefined,
    responseHeaders: SHARED,
    responseBody: Buffer.from('{}'),
    ...overrides,
  };
}

describe('JournalSlots', () => {
  const cases: { name: string; given: Partial<JournalRecord>; kept?: Partial<JournalRecord> }[] = [
    { name: 'a cached GET comes back as it was given', given: {} },
    {
      name: 'a create comes back with its bodies and its own headers as text',
      given: {
        method: 'POST',
        status: 201,
        requestBody: '{"data":{"type":"subscriptions"}}',
        responseHeaders: { 'Content-Type': 'application/vnd.api+json', 'Content-Length': 2, Location: '/s/1' },
        responseBody: '{}',
      },
      kept: { responseHeaders: { 'Content-Type': 'application/vnd.api+json', 'Content-Length': '2', Location: '/s/1' } },
    },
    {
      name: 'a request of a session, failed by a fault, comes back with both',
      given: { session: 'worker-1', fault: 'fault-2: status 503', status: 503, operationId: undefined },
    },
    {
      name: 'an id and a URL of any characters come back whole',
      given: { id: 'trace:é/42', url: '/x?name=%C3%A9&raw=é日本' },
    },
    {
      name: 'secrets come back redacted: they were never kept',
      given: { requestHeaders: { authorization: 'Bearer s3cret', cookie: 'sid=s3cret', accept: '*/*' } },
      kept: { requestHeaders: { authorization: '<redacted>', cookie: '<redacted>', accept: '*/*' } },
    },
    { name: 'no answer (a reset) comes back as status 0', given: { status: 0, responseHeaders: {}, responseBody: undefined } },
  ]; // prettier-ignore
  it.each(cases)('$name', ({ given, kept }) => {
    const slots = new JournalSlots(4);
    slots.set(2, record(given), undefined);
    expect(slots.get(2)).toEqual({ ...record(given), ...kept });
  });

  it("keeps the response cache's frozen headers by reference", () => {
    const slots = new JournalSlots(2);
    slots.set(0, record(), undefined);
    expect(slots.get(0).responseHeaders).toBe(SHARED);
  });

  // As Journal calls it: `oldest` is the oldest slot kept besides the one written (none for the first).
  const fill = (
    slots: JournalSlots,
    count: number,
    given: (index: number) => JournalRecord,
    check?: (index: number) => void,
  ) => {
    for (let index = 0; index < count; index++) {
      const others = Math.min(index, slots.size - 1);
      slots.set(index % slots.size, given(index), others === 0 ? undefined : (index - others) % slots.size);
      check?.(index);
    }
  };
  const given = (index: number) =>
    record({
      id: `r-${index}`,
      url: `/x/${(index % 5 === 0 ? 'é' : 'y').repeat((index % 97) * 40)}`,
      requestHeaders: { n: String(index) },
    });
  const kept = (slots: JournalSlots, last: number) =>
    Array.from({ length: Math.min(last + 1, slots.size) }, (_, back) =>
      slots.get((last - back) % slots.size),
    );
  const expected = (slots: JournalSlots, last: number) =>
    Array.from({ length: Math.min(last + 1, slots.size) }, (_, back) => given(last - back));

  it('gives every slot back whole after many laps of the ring, read at the end', () => {
    const slots = new JournalSlots(10);
    fill(slots, 1_000, given);
    expect(kept(slots, 999)).toEqual(expected(slots, 999));
  });

  it('gives every slot back whole when read after every request', () => {
    const slots = new JournalSlots(7);
    const wrong: number[] = [];
    fill(slots, 300, given, (index) => {
      if (JSON.stringify(kept(slots, index)) !== JSON.stringify(expected(slots, index))) wrong.push(index);
    });
    expect(wrong).toEqual([]);
  });

  it('starts again when cleared', () => {
    const slots = new JournalSlots(2);
    slots.set(0, record({ id: 'before' }), undefined);
    slots.clear();
    slots.set(0, record({ id: 'after' }), undefined);
    expect(slots.get(0).id).toBe('after');
  });
});
