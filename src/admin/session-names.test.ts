import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error.js';
import { sessionNameOf } from './control-plane.js';

const requestWith = (headers: IncomingHttpHeaders) => ({ headers }) as IncomingMessage;

describe('sessionNameOf', () => {
  const cases: { name: string; headers: IncomingHttpHeaders; query?: string | null; session: string }[] = [
    { name: 'no header, cookie or query is the default session', headers: {}, session: '' },
    { name: 'the header names it', headers: { 'x-subcat-session': 'worker-1' }, session: 'worker-1' },
    { name: 'the cookie names it', headers: { cookie: 'subcat-session=worker-2' }, session: 'worker-2' },
    { name: 'the cookie among others', headers: { cookie: 'a=1; subcat-session=w.3 ; b=2' }, session: 'w.3' },
    { name: 'a percent-encoded cookie', headers: { cookie: 'subcat-session=w%5F4' }, session: 'w_4' },
    {
      name: 'a cookie with a longer name is another cookie',
      headers: { cookie: 'my-subcat-session=x' },
      session: '',
    },
    {
      name: 'the header wins over the cookie',
      headers: { 'x-subcat-session': 'h', cookie: 'subcat-session=c' },
      session: 'h',
    },
    {
      name: 'the query wins over the cookie (the inspector picks with it, carrying the app cookie)',
      headers: { cookie: 'subcat-session=c' },
      query: 'q',
      session: 'q',
    },
    {
      name: 'the query wins over the header',
      headers: { 'x-subcat-session': 'h' },
      query: 'q',
      session: 'q',
    },
    {
      name: 'a broken cookie is not read when the query names the session',
      headers: { cookie: 'subcat-session=a%2Fb' },
      query: 'q',
      session: 'q',
    },
    {
      name: 'the query names it when nothing else does',
      headers: {},
      query: 'from-query',
      session: 'from-query',
    },
    { name: 'an empty header is the default session', headers: { 'x-subcat-session': '' }, session: '' },
    {
      name: 'a repeated header takes the first',
      headers: { 'x-subcat-session': ['a', 'b'] },
      session: 'a',
    },
    {
      name: 'a name of 64 characters',
      headers: { 'x-subcat-session': 'n'.repeat(64) },
      session: 'n'.repeat(64),
    },
  ];
  it.each(cases)('$name', ({ headers, query, session }) => {
    expect(sessionNameOf(requestWith(headers), query)).toBe(session);
  });

  const bad: {
    name: string;
    headers: IncomingHttpHeaders;
    query?: string;
    source: object;
    where: string;
    shown: string;
  }[] = [
    {
      name: 'a space in the header',
      headers: { 'x-subcat-session': 'a b' },
      source: { header: 'x-subcat-session' },
      where: 'the x-subcat-session header',
      shown: "'a b'",
    },
    {
      name: 'a slash in the cookie',
      headers: { cookie: 'subcat-session=a%2Fb' },
      source: { header: 'Cookie' },
      where: 'the subcat-session cookie',
      shown: "'a/b'",
    },
    {
      name: 'a name of 65 characters, cut when shown',
      headers: { 'x-subcat-session': 'n'.repeat(65) },
      source: { header: 'x-subcat-session' },
      where: 'the x-subcat-session header',
      shown: `'${'n'.repeat(64)}...'`,
    },
    {
      name: 'a bad query name, whatever the header says',
      headers: { 'x-subcat-session': 'fine' },
      query: 'a;b',
      source: { parameter: 'session' },
      where: 'the session parameter',
      shown: "'a;b'",
    },
  ];
  it.each(bad)(
    '$name is a 400 naming where it came from, never the default session',
    ({ headers, query, source, where, shown }) => {
      let thrown: unknown;
      try {
        sessionNameOf(requestWith(headers), query);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(HttpError);
      const error = thrown as HttpError;
      expect(error.status).toBe(400);
      expect(error.errors[0]?.source).toEqual(source);
      expect(error.errors[0]?.detail).toContain(shown);
      expect(error.errors[0]?.detail).toContain(`in ${where} must be 1 to 64 letters`);
    },
  );
});
