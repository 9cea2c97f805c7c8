import { describe, expect, it } from 'vitest';
import { hostileBodies } from './store-limits-probe.js';

describe('the hostile bodies of the store-limits probe', () => {
  it.each(hostileBodies())('$title fits the default body limit of 1 MiB and is JSON', ({ body }) => {
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(1024 * 1024);
    expect(() => JSON.parse(body) as unknown).not.toThrow();
  });
});
