import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MOCK_OPTIONS,
  normalizeBasePath,
  parseMockArgs,
  resolveMockOptions,
} from './mock-options.js';

describe('parseMockArgs', () => {
  const cases: { name: string; argv: string[]; expected: unknown }[] = [
    {
      name: "no arguments give the defaults, with the CLI's info log level",
      argv: [],
      expected: { kind: 'options', options: { ...DEFAULT_MOCK_OPTIONS, logLevel: 'info' } },
    },
    {
      name: 'every flag sets its option',
      argv: [
        '--port',
        '0',
        '--host',
        '0.0.0.0',
        '--seed',
        '7',
        '--subscriptions',
        '1000',
        '--products',
        '50',
        '--page-length',
        '10',
        '--base-path',
        '/v2/',
        '--log-level',
        'silent',
        '--body-limit',
        '2048',
        '--auth',
        '--strict',
        '--spec',
        'x.yaml',
        '--trust-proxy',
        '--cors-origin',
        'http://localhost:5173',
        '--cors-origin=null',
        '--max-subscriptions',
        '5000',
        '--delay',
        '100-600',
        '--max-sessions',
        '8',
        '--journal-size',
        '0',
        '--journal-bytes',
        '1000000',
        '--state-file',
        'state.jsonl',
        '--admin-token',
        'a-long-token',
        '--admin-origin',
        'http://tool.test:8080',
        '--allowed-host',
        'mock.lan',
      ],
      expected: {
        kind: 'options',
        options: {
          port: 0,
          host: '0.0.0.0',
          seed: 7,
          subscriptions: 1000,
          products: 50,
          pageLength: 10,
          basePath: '/v2',
          logLevel: 'silent',
          bodyLimit: 2048,
          auth: true,
          strict: true,
          specPath: 'x.yaml',
          trustProxy: true,
          corsOrigins: ['http://localhost:5173', 'null'],
          maxSubscriptions: 5000,
          delay: [100, 600],
          maxSessions: 8,
          journalSize: 0,
          journalBytes: 1_000_000,
          stateFile: 'state.jsonl',
          adminToken: 'a-long-token',
          adminOrigins: ['http://tool.test:8080'],
          allowedHosts: ['mock.lan'],
        },
      },
    },
    {
      name: '--flag=value works too',
      argv: ['--port=5000', '--base-path=/api'],
      expected: {
        kind: 'options',
        options: { ...DEFAULT_MOCK_OPTIONS, logLevel: 'info', port: 5000, basePath: '/api' },
      },
    },
    { name: '--help wins over everything', argv: ['--port', 'x', '--help'], expected: { kind: 'help' } },
    { name: '-h is help', argv: ['-h'], expected: { kind: 'help' } },
    {
      name: 'an unknown flag is an error',
      argv: ['--prot', '1'],
      expected: { kind: 'error', problems: ['unknown option --prot', 'unexpected argument 1'] },
    },
    {
      name: 'a missing value is an error',
      argv: ['--port'],
      expected: { kind: 'error', problems: ['--port needs a value'] },
    },
    {
      name: 'a flag as a value is a missing value',
      argv: ['--seed', '--port'],
      expected: { kind: 'error', problems: ['--seed needs a value'] },
    },
    {
      name: 'a non-number is an error',
      argv: ['--seed', 'abc'],
      expected: { kind: 'error', problems: ['--seed must be a whole number, got abc'] },
    },
    {
      name: 'a boolean flag takes no value',
      argv: ['--auth=yes'],
      expected: { kind: 'error', problems: ['--auth takes no value'] },
    },
    {
      name: 'an out-of-range page length names the flag',
      argv: ['--page-length', '500'],
      expected: { kind: 'error', problems: ['--page-length must be an integer from 1 to 100, got 500'] },
    },
    {
      name: 'an out-of-range port names the flag',
      argv: ['--port', '70000'],
      expected: { kind: 'error', problems: ['--port must be an integer from 0 to 65535, got 70000'] },
    },
    {
      name: 'an unknown log level is an error',
      argv: ['--log-level', 'loud'],
      expected: {
        kind: 'error',
        problems: ['--log-level must be one of fatal, error, warn, info, debug, trace, silent'],
      },
    },
    {
      name: 'a base path with a query is an error',
      argv: ['--base-path', '/v2?x'],
      expected: { kind: 'error', problems: ['--base-path must look like /v2 (a path, no query), got /v2?x'] },
    },
    {
      name: 'a delay is milliseconds or a range of them',
      argv: ['--delay', '600-100'],
      expected: {
        kind: 'error',
        problems: ['--delay must be milliseconds (300) or a range (100-600), got 600-100'],
      },
    },
    {
      name: 'a CORS origin must be an origin',
      argv: ['--cors-origin', 'localhost:5173'],
      expected: {
        kind: 'error',
        problems: ['--cors-origin must be origins such as http://localhost:5173, got localhost:5173'],
      },
    },
  ];

  it.each(cases)('$name', ({ argv, expected }) => {
    expect(parseMockArgs(argv)).toEqual(expected);
  });
});

describe('normalizeBasePath', () => {
  const cases: [string, string | undefined][] = [
    ['/', '/'],
    ['', '/'],
    ['/v2', '/v2'],
    ['/v2/', '/v2'],
    ['/api/v2', '/api/v2'],
    ['v2', undefined],
    ['/v2//x', undefined],
    ['/v2#x', undefined],
  ];
  it.each(cases)('%j becomes %j', (raw, expected) => {
    expect(normalizeBasePath(raw)).toBe(expected);
  });
});

describe('resolveMockOptions', () => {
  it('ignores undefined values so callers can spread partial options', () => {
    expect(resolveMockOptions({ port: undefined, seed: 3 })).toEqual({ ...DEFAULT_MOCK_OPTIONS, seed: 3 });
  });

  it('lists every problem at once', () => {
    expect(() => resolveMockOptions({ port: -1, pageLength: 0 })).toThrow(
      'port must be an integer from 0 to 65535, got -1; pageLength must be an integer from 1 to 100, got 0',
    );
  });
});
