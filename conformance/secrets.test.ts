import { describe, expect, it } from 'vitest';
import { basicToken, redactDeep, redactText, secretValues } from './secrets.js';

describe('secretValues', () => {
  const cases = [
    {
      what: 'a bearer header gives the value and its token',
      headers: [['Authorization', 'Bearer t0k3n-abc']] as const,
      expected: ['Bearer t0k3n-abc', 't0k3n-abc'],
    },
    {
      what: 'a cookie gives each cookie value',
      headers: [['Cookie', 'sid=s3ss10n; theme=dark-mode']] as const,
      expected: ['sid=s3ss10n; theme=dark-mode', 'dark-mode', 's3ss10n'],
    },
    {
      what: 'values shorter than 4 characters are left out',
      headers: [['X-Flag', 'on']] as const,
      expected: [],
    },
  ];
  it.each(cases)('$what', ({ headers, expected }) => {
    expect(secretValues(headers).sort()).toEqual([...expected].sort());
  });

  it('adds URL credentials: the password, user:password and the Basic token', () => {
    const credentials = { username: 'qa', password: 'PASSWD-1' };
    expect(secretValues([], credentials).sort()).toEqual(
      ['PASSWD-1', 'qa:PASSWD-1', basicToken(credentials)].sort(),
    );
  });
});

describe('redactText', () => {
  const cases = [
    { what: 'a plain occurrence', text: 'token=t0k3n-abc', expected: 'token=<redacted>' },
    { what: 'a percent-encoded occurrence', text: 'q=a%2Bb%3Dc', secret: 'a+b=c', expected: 'q=<redacted>' },
    { what: 'every occurrence', text: 't0k3n-abc and t0k3n-abc', expected: '<redacted> and <redacted>' },
    { what: 'nothing when the secret is absent', text: 'nothing here', expected: 'nothing here' },
  ];
  it.each(cases)('redacts $what', ({ text, secret, expected }) => {
    expect(redactText(text, [secret ?? 't0k3n-abc'])).toBe(expected);
  });
});

describe('redactDeep', () => {
  it('redacts strings and keys at any depth and leaves other values', () => {
    const value = { a: ['x t0k3n-abc'], t0k3n_abc: 1, b: { t0k3n: 2, n: 3, ok: true } };
    expect(redactDeep(value, ['t0k3n-abc', 't0k3n'])).toEqual({
      a: ['x <redacted>'],
      '<redacted>_abc': 1,
      b: { '<redacted>': 2, n: 3, ok: true },
    });
  });
});
