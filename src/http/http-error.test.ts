import { describe, expect, it } from 'vitest';
import { HttpError, errorObject, statusTitle } from './http-error.js';

describe('statusTitle', () => {
  const cases: [number, string][] = [
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [404, 'Not Found'],
    [405, 'Method Not Allowed'],
    [409, 'Conflict'],
    [413, 'Content Too Large'],
    [415, 'Unsupported Media Type'],
    [418, 'Client Error'],
    [503, 'Service Unavailable'],
    [507, 'Server Error'],
    [408, 'Request Timeout'],
  ];
  it.each(cases)('titles %i as %s', (status, title) => {
    expect(statusTitle(status)).toBe(title);
  });
});

describe('HttpError', () => {
  it('carries one error object with a string status and the fixed title', () => {
    const error = HttpError.of(404, 'no subscription with id x', { parameter: 'subscription_uuid' });
    expect(error.status).toBe(404);
    expect(error.errors).toEqual([
      {
        status: '404',
        title: 'Not Found',
        detail: 'no subscription with id x',
        source: { parameter: 'subscription_uuid' },
      },
    ]);
    expect(error.message).toBe('no subscription with id x');
  });

  it('turns query problems into one 400 error each, by parameter', () => {
    const error = HttpError.badQuery([
      { parameter: 'filter', detail: 'unknown operator gt' },
      { parameter: 'page[limit]', detail: 'page[limit] must be between 1 and 100' },
    ]);
    expect(error.status).toBe(400);
    expect(error.errors.map((e) => e.source)).toEqual([
      { parameter: 'filter' },
      { parameter: 'page[limit]' },
    ]);
  });

  it('leaves source out when none is given', () => {
    expect(errorObject(409, 'id mismatch')).toEqual({
      status: '409',
      title: 'Conflict',
      detail: 'id mismatch',
    });
  });
});

describe('errorObject', () => {
  it.each([
    ['a detail within the bound, as it is', 'd'.repeat(1_024), 'd'.repeat(1_024)],
    ['a longer detail, cut and marked', 'd'.repeat(5_000), `${'d'.repeat(1_023)}…`],
  ])('keeps %s', (_title, detail, shown) => {
    expect(errorObject(400, detail).detail).toBe(shown);
  });

  it('cuts a source past the bound the same way, whichever member it is', () => {
    const long = `/${'k'.repeat(900_000)}`;
    expect(errorObject(400, 'x', { pointer: long }).source?.pointer).toHaveLength(1_024);
    expect(errorObject(400, 'x', { parameter: long }).source?.parameter?.endsWith('…')).toBe(true);
    expect(errorObject(400, 'x', { header: 'Origin' }).source).toEqual({ header: 'Origin' });
  });
});
