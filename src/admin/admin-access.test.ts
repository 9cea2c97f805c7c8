import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error.js';
import { adminAccess, isLoopback } from './admin-access.js';

const requestWith = (headers: IncomingHttpHeaders) => ({ headers }) as IncomingMessage;

describe('isLoopback', () => {
  const cases = [
    { host: '127.0.0.1', loopback: true },
    { host: '127.1.2.3', loopback: true },
    { host: 'localhost', loopback: true },
    { host: 'LOCALHOST', loopback: true },
    { host: '::1', loopback: true },
    { host: '[::1]', loopback: true },
    { host: '::ffff:127.0.0.1', loopback: true },
    { host: '0.0.0.0', loopback: false },
    { host: '::', loopback: false },
    { host: '192.168.1.20', loopback: false },
    { host: 'mock.internal', loopback: false },
    { host: '127.0.0.1.nip.io', loopback: false },
  ];
  it.each(cases)('$host: $loopback', ({ host, loopback }) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});

describe('adminAccess', () => {
  const TOKEN = 's3cret-token';
  const cases: {
    name: string;
    host: string;
    token?: string;
    headers: IncomingHttpHeaders;
    /** `?token=` of a route that takes one (the event stream). */
    query?: string;
    allowed: boolean;
    says?: string;
  }[] = [
    { name: 'loopback without a token lets anyone in', host: '127.0.0.1', headers: {}, allowed: true },
    {
      name: 'beyond loopback without --admin-token the API is off',
      host: '0.0.0.0',
      headers: { 'x-subcat-admin-token': 'guess' },
      allowed: false,
      says: 'start it with --admin-token TOKEN',
    },
    {
      name: 'beyond loopback, no token sent: 403',
      host: '0.0.0.0',
      token: TOKEN,
      headers: {},
      allowed: false,
      says: 'send x-subcat-admin-token: TOKEN',
    },
    {
      name: 'beyond loopback, the token in x-subcat-admin-token',
      host: '0.0.0.0',
      token: TOKEN,
      headers: { 'x-subcat-admin-token': TOKEN },
      allowed: true,
    },
    {
      name: 'beyond loopback, the token as a Bearer',
      host: '10.0.0.5',
      token: TOKEN,
      headers: { authorization: `Bearer ${TOKEN}` },
      allowed: true,
    },
    {
      name: 'beyond loopback, the token as a lower-case bearer',
      host: '10.0.0.5',
      token: TOKEN,
      headers: { authorization: `bearer ${TOKEN}` },
      allowed: true,
    },
    {
      name: 'beyond loopback, a wrong token',
      host: '0.0.0.0',
      token: TOKEN,
      headers: { 'x-subcat-admin-token': 's3cret-tokem' },
      allowed: false,
    },
    {
      name: 'beyond loopback, a prefix of the token',
      host: '0.0.0.0',
      token: TOKEN,
      headers: { 'x-subcat-admin-token': 's3cret' },
      allowed: false,
    },
    {
      name: 'beyond loopback, Basic credentials',
      host: '0.0.0.0',
      token: TOKEN,
      headers: { authorization: `Basic ${TOKEN}` },
      allowed: false,
    },
    {
      name: 'beyond loopback, a wrong header token is not rescued by a right Bearer',
      host: '0.0.0.0',
      token: TOKEN,
      headers: { 'x-subcat-admin-token': 'no', authorization: `Bearer ${TOKEN}` },
      allowed: false,
    },
    {
      name: 'on loopback a token, once set, is needed too',
      host: '127.0.0.1',
      token: TOKEN,
      headers: {},
      allowed: false,
    },
    {
      name: 'on loopback with the token set and sent',
      host: '127.0.0.1',
      token: TOKEN,
      headers: { 'x-subcat-admin-token': TOKEN },
      allowed: true,
    },
    {
      name: 'a query token where the route takes one',
      host: '0.0.0.0',
      token: TOKEN,
      headers: {},
      query: TOKEN,
      allowed: true,
    },
    {
      name: 'a wrong query token',
      host: '0.0.0.0',
      token: TOKEN,
      headers: {},
      query: 'guess-guess',
      allowed: false,
    },
    {
      name: 'a wrong header token is not rescued by a right query token',
      host: '0.0.0.0',
      token: TOKEN,
      headers: { 'x-subcat-admin-token': 'guess-guess' },
      query: TOKEN,
      allowed: false,
    },
    {
      name: 'beyond loopback without --admin-token even a query token gets nowhere',
      host: '0.0.0.0',
      headers: {},
      query: TOKEN,
      allowed: false,
      says: 'start it with --admin-token TOKEN',
    },
  ];
  it.each(cases)('$name', ({ host, token, headers, query, allowed, says }) => {
    let thrown: unknown;
    try {
      adminAccess(host, token)(requestWith(headers), query);
    } catch (error) {
      thrown = error;
    }
    if (allowed) expect(thrown).toBeUndefined();
    else {
      expect(thrown).toBeInstanceOf(HttpError);
      expect((thrown as HttpError).status).toBe(403);
      if (says !== undefined) expect((thrown as HttpError).message).toContain(says);
      expect((thrown as HttpError).message).not.toContain(TOKEN);
    }
  });
});
