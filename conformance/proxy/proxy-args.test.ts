import { describe, expect, it } from 'vitest';
import { parseProxyArgs } from './proxy-args.js';

const cases: Array<{
  name: string;
  argv: string[];
  error?: RegExp;
  check?: (options: Record<string, unknown>) => void;
}> = [
  {
    name: 'an upstream alone listens on 127.0.0.1:4011 and takes the defaults',
    argv: ['--upstream', 'http://127.0.0.1:4010/'],
    check: (o) =>
      expect([String(o.upstream), o.host, o.port, o.strict, o.record]).toEqual([
        'http://127.0.0.1:4010/',
        '127.0.0.1',
        4011,
        false,
        undefined,
      ]),
  },
  {
    name: 'credentials in the upstream are taken out of it',
    argv: ['--upstream', 'https://qa:s3cret@staging.example.com/v2/'],
    check: (o) => {
      expect(String(o.upstream)).toBe('https://staging.example.com/v2');
      expect(o.credentials).toEqual({ username: 'qa', password: 's3cret' });
    },
  },
  {
    name: 'headers and reports repeat',
    argv: [
      '--upstream',
      'http://h',
      '--header',
      'X-A: 1',
      '--header',
      'X-B: 2',
      '--report',
      'json=a.json',
      '--report',
      'junit=a.xml',
    ],
    check: (o) => {
      expect(o.headers).toEqual([
        ['X-A', '1'],
        ['X-B', '2'],
      ]);
      expect(o.reports).toEqual([
        { format: 'json', file: 'a.json' },
        { format: 'junit', file: 'a.xml' },
      ]);
    },
  },
  {
    name: 'port, host, record, strict and bounds are read',
    argv: [
      '--upstream',
      'http://h',
      '--port',
      '0',
      '--host',
      '0.0.0.0',
      '--record',
      'run.har',
      '--strict',
      '--max-body-bytes',
      '2048',
      '--timeout-ms',
      '500',
    ],
    check: (o) =>
      expect([o.port, o.host, o.record, o.strict, o.maxBodyBytes, o.timeoutMs]).toEqual([
        0,
        '0.0.0.0',
        'run.har',
        true,
        2048,
        500,
      ]),
  },
  { name: 'no upstream is a usage error', argv: [], error: /--upstream is required/ },
  {
    name: 'an upstream that is not a URL is named as --upstream',
    argv: ['--upstream', 'nope'],
    error: /^--upstream is not a URL$/,
  },
  {
    name: 'an ftp upstream is refused',
    argv: ['--upstream', 'ftp://h'],
    error: /--upstream must be http or https/,
  },
  {
    name: 'a port out of range is refused',
    argv: ['--upstream', 'http://h', '--port', '70000'],
    error: /--port must be between 0 and 65535/,
  },
  {
    name: 'a second upstream is refused',
    argv: ['--upstream', 'http://a', '--upstream', 'http://b'],
    error: /--upstream given more than once/,
  },
  {
    name: 'an unknown report format is refused',
    argv: ['--upstream', 'http://h', '--report', 'pdf=a'],
    error: /--report must be json=FILE/,
  },
  {
    name: 'an unknown option is refused',
    argv: ['--upstream', 'http://h', '--base-url', 'x'],
    error: /unknown option --base-url/,
  },
  {
    name: 'a stray argument is refused',
    argv: ['--upstream', 'http://h', 'extra'],
    error: /unexpected argument extra/,
  },
  {
    name: 'a header without a colon is refused',
    argv: ['--upstream', 'http://h', '--header', 'nope'],
    error: /--header must look like/,
  },
];

describe('parseProxyArgs', () => {
  for (const { name, argv, error, check } of cases) {
    it(name, () => {
      const parsed = parseProxyArgs(argv);
      if (error !== undefined) {
        expect(parsed.kind).toBe('error');
        if (parsed.kind === 'error') expect(parsed.message).toMatch(error);
        return;
      }
      expect(parsed.kind).toBe('run');
      if (parsed.kind === 'run') check?.(parsed.options as unknown as Record<string, unknown>);
    });
  }

  it('--help wins over everything else', () =>
    expect(parseProxyArgs(['--port', 'x', '--help']).kind).toBe('help'));
});
