import { describe, expect, it } from 'vitest';
import { corsHeaders, corsHeadersForUnknownOrigin, type CorsOrigins } from './cors.js';

const APP = 'http://localhost:5173';

describe('corsHeaders', () => {
  it.each<[string, string, CorsOrigins, string | undefined, string | undefined]>([
    ['any origin, echoed with credentials', APP, 'any', APP, 'true'],
    ['a listed origin', APP, [APP], APP, 'true'],
    ['an origin not listed', 'http://evil.example', [APP], undefined, undefined],
    ['the null origin, echoed without credentials', 'null', 'any', 'null', undefined],
  ])('%s', (_title, origin, allowed, allowOrigin, credentials) => {
    const headers = corsHeaders(origin, allowed);
    expect(headers['Access-Control-Allow-Origin']).toBe(allowOrigin);
    expect(headers['Access-Control-Allow-Credentials']).toBe(credentials);
  });
});

describe('corsHeadersForUnknownOrigin', () => {
  it.each<[string, CorsOrigins, string | undefined]>([
    ['any origin: *', 'any', '*'],
    ['one configured origin: that one', [APP], APP],
    ['several configured origins: none (the right one cannot be told)', [APP, 'http://b.example'], undefined],
    ['no configured origin: none', [], undefined],
  ])('%s', (_title, allowed, allowOrigin) => {
    const headers = corsHeadersForUnknownOrigin(allowed);
    expect(headers['Access-Control-Allow-Origin']).toBe(allowOrigin);
    expect(headers['Access-Control-Allow-Credentials']).toBeUndefined();
  });
});
