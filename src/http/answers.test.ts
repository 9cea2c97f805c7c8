import { describe, expect, it } from 'vitest';
import { JsonText } from '../resources/json-text.js';
import { bugAnswer, errorAnswer, errorBody, jsonAnswer, MAX_ERRORS } from './answers.js';
import { HttpError, errorObject } from './http-error.js';

const errors = (count: number) => Array.from({ length: count }, (_, at) => errorObject(400, `problem ${at}`));

describe('jsonAnswer', () => {
  const bodies = [
    { title: 'a value, stringified', body: { status: 'ok' }, text: '{"status":"ok"}' },
    { title: 'a JsonText, as it is', body: new JsonText('{"a": 1}'), text: '{"a": 1}' },
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
