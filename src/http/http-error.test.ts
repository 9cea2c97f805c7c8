import { MAX_LISTED as MAX_ERRORS } from '../contract/violation.js';
import { describe, expect, it } from 'vitest';
import { bugAnswer, errorAnswer, errorBody, errorObject, HttpError, statusTitle } from './http-error.js';
import { jsonAnswer } from './route.js';

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

const errors = (count: number) => Array.from({ length: count }, (_, at) => errorObject(400, `problem ${at}`));

describe('jsonAnswer', () => {
  const bodies = [
    { title: 'a value, stringified', body: { status: 'ok' }, text: '{"status":"ok"}' },
    { title: 'non-ASCII text, counted in UTF-8 bytes', body: { name: 'Zoë 😀' }, text: '{"name":"Zoë 😀"}' },
    { title: 'an array', body: [1, 2], text: '[1,2]' },
  ];
  it.each(bodies)('answers $title with its byte length', ({ body, text }) => {
    const answer = jsonAnswer(201, body);
    expect(answer).toEqual({
      status: 201,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(text),
      },
      body: text,
    });
  });

  it('keeps the headers given, but sets Content-Type and Content-Length itself whatever their case', () => {
    const answer = jsonAnswer(
      200,
      {},
      { Location: '/x', 'content-type': 'text/plain', 'CONTENT-LENGTH': 99 },
    );
    expect(answer.headers).toEqual({
      Location: '/x',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': 2,
    });
  });
});

describe('errorBody', () => {
  const sizes = [
    { count: 0, listed: 0, omitted: undefined },
    { count: 1, listed: 1, omitted: undefined },
    { count: MAX_ERRORS, listed: MAX_ERRORS, omitted: undefined },
    { count: MAX_ERRORS + 1, listed: MAX_ERRORS, omitted: 1 },
    { count: 1_000, listed: MAX_ERRORS, omitted: 950 },
  ];
  it.each(sizes)(
    'lists $listed of $count errors and counts $omitted left out',
    ({ count, listed, omitted }) => {
      const all = errors(count);
      const body = errorBody(all);
      expect(body.errors).toEqual(all.slice(0, listed));
      expect(body.meta).toEqual(omitted === undefined ? undefined : { omitted });
      expect('meta' in body).toBe(omitted !== undefined);
    },
  );

  it('caps at the 50 errors decisions.md allows, keeping the first ones in order', () => {
    expect(MAX_ERRORS).toBe(50);
    expect(
      errorBody(errors(60))
        .errors.map((error) => error.detail)
        .at(-1),
    ).toBe('problem 49');
  });

  it('never hands back the array it was given', () => {
    const all = errors(2);
    const body = errorBody(all);
    body.errors.pop();
    expect(all).toHaveLength(2);
  });
});

describe('errorAnswer', () => {
  it('answers an HttpError with its status, its headers and its capped errors', () => {
    const error = new HttpError(400, errors(52), { Allow: 'GET' });
    const answer = errorAnswer(error);
    expect([answer.status, answer.headers.Allow, answer.headers['Content-Type']]).toEqual([
      400,
      'GET',
      'application/json; charset=utf-8',
    ]);
    const body = JSON.parse(String(answer.body));
    expect([body.errors.length, body.meta]).toEqual([50, { omitted: 2 }]);
    expect(body.errors[0]).toEqual({ status: '400', title: 'Bad Request', detail: 'problem 0' });
  });

  it('answers a 413 with Connection: close as the error asks', () => {
    const answer = errorAnswer(HttpError.of(413, 'too large', undefined, { Connection: 'close' }));
    expect([answer.status, answer.headers.Connection]).toEqual([413, 'close']);
  });
});

describe('bugAnswer', () => {
  it('answers 500 naming the request id, in the one error shape', () => {
    const answer = bugAnswer('req-42');
    expect(answer.status).toBe(500);
    expect(JSON.parse(String(answer.body))).toEqual({
      errors: [
        {
          status: '500',
          title: 'Internal Server Error',
          detail: 'The mock failed on this request (a bug); request id req-42',
        },
      ],
    });
  });
});
