import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';

// Issue 28, point 2: a plain form (text/plain, urlencoded, multipart) or a page's bodiless fetch posts
// without a preflight; a state-changing admin call needs what they cannot send: a JSON content type, an
// x-subcat-* header, or no Content-Type and no other page's Origin (curl, the inspector page).

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0, seed: 2, subscriptions: 5, logLevel: 'silent' });
});
afterAll(async () => {
  await mock.close();
});

type Case = {
  title: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  status: number;
};
// prettier-ignore
const cases: Case[] = [
  { title: 'a text/plain form cannot reset', method: 'POST', path: '/__subcat/reset', headers: { 'content-type': 'text/plain' }, body: '{"a":"="}', status: 415 },
  { title: 'an urlencoded form cannot add a fault', method: 'POST', path: '/__subcat/faults', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b', status: 415 },
  { title: 'a multipart form cannot empty the journal', method: 'DELETE', path: '/__subcat/requests', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: '--x--', status: 415 },
  { title: "another page's bodiless fetch cannot reset", method: 'POST', path: '/__subcat/reset', headers: { origin: 'http://evil.test' }, status: 403 },
  { title: 'curl without a content type resets', method: 'POST', path: '/__subcat/reset', headers: {}, status: 200 },
  { title: "the inspector's own page resets", method: 'POST', path: '/__subcat/reset', headers: { origin: 'ORIGIN' }, status: 200 },
  { title: "the inspector's own page behind a TLS proxy resets", method: 'POST', path: '/__subcat/reset', headers: { origin: 'HTTPS' }, status: 200 },
  { title: 'a JSON content type resets', method: 'POST', path: '/__subcat/reset', headers: { 'content-type': 'application/json' }, status: 200 },
  { title: 'an x-subcat header resets whatever the content type', method: 'POST', path: '/__subcat/reset', headers: { 'content-type': 'text/plain', 'x-subcat-session': 'forms' }, status: 200 },
  { title: 'a read stays open to a form content type', method: 'GET', path: '/__subcat/info', headers: { 'content-type': 'text/plain' }, status: 200 },
];

describe('a web form cannot drive the control plane', () => {
  it.each(cases)('$title', async ({ method, path, headers, body, status }) => {
    const own = { ORIGIN: mock.url, HTTPS: mock.url.replace('http:', 'https:') }[headers.origin ?? ''];
    const origin = own === undefined ? {} : { origin: own };
    const response = await request(`${mock.url}${path}`, {
      method,
      headers: { ...headers, ...origin },
      body,
    });
    const text = await response.body.text();
    expect(response.statusCode).toBe(status);
    if (status === 415) expect(JSON.parse(text).errors[0].detail).toMatch(/application\/json.*form/);
    if (status === 403) expect(JSON.parse(text).errors[0].detail).toMatch(/evil\.test.*--admin-origin/);
  });

  it('keeps the faults a refused form tried to add away', async () => {
    const response = await request(`${mock.url}/__subcat/faults`);
    expect((await response.body.json()) as { data: unknown[] }).toMatchObject({ data: [] });
  });
});
