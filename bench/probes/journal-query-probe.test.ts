import { describe, expect, it } from 'vitest';
import { queryRows } from './journal-query-probe.js';

describe('queryRows', () => {
  it('holds the slowest query to 100 ms and the slowest health check to 50 ms', () => {
    const [query, health] = queryRows(
      '?path=*a...ab',
      [
        { ms: 12.4, status: 200 },
        { ms: 130.6, status: 200 },
      ],
      [3, 60.2, 4],
    );
    expect(query).toMatchObject({
      value: 131,
      samples: [12, 131],
      target: { atMost: 100 },
      note: 'status 200',
    });
    expect(health).toMatchObject({ value: 60, samples: [3, 60, 4], target: { atMost: 50 } });
  });

  it('names every status the queries got', () => {
    const [query] = queryRows(
      'q',
      [
        { ms: 1, status: 200 },
        { ms: 1, status: 0 },
      ],
      [],
    );
    expect(query?.note).toBe('status 200, 0');
  });
});
