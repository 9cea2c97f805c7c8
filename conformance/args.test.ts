import { describe, expect, it } from 'vitest';
import { parseArgs, parseBaseUrl, parseHeader } from './args.js';

const defaults = { catalogId: 'cat-1', releaseId: 'rel-4', nodeId: 'node-1' };
const base = ['--base-url', 'http://127.0.0.1:8080'];

describe('parseArgs', () => {
  const runs = [
    {
      title: 'defaults everything but the base URL',
      argv: base,
      expected: {
        headers: [],
        catalogId: 'cat-1',
        releaseId: 'rel-4',
        nodeId: 'node-1',
        only: [],
        skip: [],
        strict: false,
        readOnly: false,
        timeoutMs: 10000,
        maxResponseMs: undefined,
        seed: undefined,
        reports: [],
        credentials: undefined,
        maxBodyBytes: 4194304,
        deadlineMs: undefined,
        concurrency: 32,
        rate: undefined,
        baseline: undefined,
        consistencyMs: 5000,
      },
    },
    {
      title: 'reads every flag',
      argv: [
        ...base,
        '--header',
        'Authorization: Bearer abc',
        '--header=X-Tenant: t1',
        '--catalog-id',
        'c',
        '--release-id',
        'latest',
        '--node-id',
        'n',
        '--only',
        'schema, status.create-subscription',
        '--skip',
        'robustness',
        '--strict',
        '--read-only',
        '--timeout-ms',
        '500',
        '--max-response-ms',
        '250',
        '--seed',
        '0',
        '--report',
        'json=out/kit.json',
        '--report',
        'junit=kit.xml',
        '--report=html=kit.html',
        '--report',
        'markdown=summary.md',
        '--max-body-bytes',
        '2048',
        '--deadline',
        '90s',
        '--concurrency',
        '3',
        '--rate',
        '2.5',
        '--baseline',
        'old.json',
        '--consistency-ms',
        '0',
      ],
      expected: {
        headers: [
          ['Authorization', 'Bearer abc'],
          ['X-Tenant', 't1'],
        ],
        catalogId: 'c',
        releaseId: 'latest',
        nodeId: 'n',
        only: ['schema', 'status.create-subscription'],
        skip: ['robustness'],
        strict: true,
        readOnly: true,
        timeoutMs: 500,
        maxResponseMs: 250,
        seed: 0,
        reports: [
          { format: 'json', file: 'out/kit.json' },
          { format: 'junit', file: 'kit.xml' },
          { format: 'html', file: 'kit.html' },
          { format: 'markdown', file: 'summary.md' },
        ],
        maxBodyBytes: 2048,
        deadlineMs: 90_000,
        concurrency: 3,
        rate: 2.5,
        baseline: 'old.json',
        consistencyMs: 0,
      },
    },
    {
      title: 'takes credentials out of the base URL',
      argv: ['--base-url', 'http://qa:PASS%40WD@h:8080/v2/'],
      expected: { credentials: { username: 'qa', password: 'PASS@WD' } },
    },
    {
      title: 'reads --case, the one generated case a replay line runs',
      argv: [...base, '--generated', '4', '--case', '7'],
      expected: { generated: 4, generatedCase: 7 },
    },
    {
      title: 'reads a deadline in minutes',
      argv: [...base, '--deadline', '5m'],
      expected: { deadlineMs: 300_000 },
    },
    {
      title: 'reads a deadline in milliseconds',
      argv: [...base, '--deadline', '1500ms'],
      expected: { deadlineMs: 1500 },
    },
    {
      title: 'keeps a header value holding colons',
      argv: [...base, '--header', 'X-Url: http://a:1/b'],
      expected: { headers: [['X-Url', 'http://a:1/b']] },
    },
  ];
  it.each(runs)('$title', ({ argv, expected }) => {
    const parsed = parseArgs(argv, defaults);
    expect(parsed.kind).toBe('run');
    if (parsed.kind === 'run') expect(parsed.options).toMatchObject(expected);
  });

  const errors = [
    { argv: [], message: '--base-url is required' },
    { argv: ['--base-url'], message: '--base-url needs a value' },
    { argv: ['--base-url', 'not a url'], message: '--base-url is not a URL' },
    { argv: ['--base-url', 'http://qa:s3cret@h:99999'], message: '--base-url is not a URL' },
    {
      argv: [...base, '--deadline', 'soon'],
      message: '--deadline must be a duration such as 90s, 5m or 1500ms, got soon',
    },
    { argv: [...base, '--concurrency', '0'], message: '--concurrency must be between 1 and 64, got 0' },
    { argv: [...base, '--case', '0'], message: '--case must be between 1 and 10000, got 0' },
    {
      argv: [...base, '--rate', '0'],
      message: '--rate must be a number of requests a second above 0, got 0',
    },
    {
      argv: [...base, '--max-body-bytes', '10'],
      message: '--max-body-bytes must be between 1024 and 9007199254740991, got 10',
    },
    { argv: ['--base-url', 'ftp://h/x'], message: '--base-url must be http or https: ftp://h/x' },
    {
      argv: ['--base-url', 'http://h/x?a=1'],
      message: '--base-url must not carry a query or fragment: http://h/x',
    },
    { argv: [...base, '--bogus'], message: 'unknown option --bogus' },
    { argv: [...base, 'extra'], message: 'unexpected argument extra' },
    { argv: [...base, '--strict=yes'], message: '--strict takes no value' },
    { argv: [...base, '--header', 'no colon'], message: "--header must look like 'Name: value'" },
    { argv: [...base, '--header', 'Bad Name: v'], message: "--header must look like 'Name: value'" },
    {
      argv: [...base, '--timeout-ms', '0'],
      message: '--timeout-ms must be between 1 and 9007199254740991, got 0',
    },
    { argv: [...base, '--timeout-ms', '1.5'], message: '--timeout-ms must be a whole number, got 1.5' },
    { argv: [...base, '--seed', '-1'], message: '--seed must be a whole number, got -1' },
    {
      argv: [...base, '--seed', '4294967296'],
      message: '--seed must be between 0 and 4294967295, got 4294967296',
    },
    {
      argv: [...base, '--max-response-ms', 'fast'],
      message: '--max-response-ms must be a whole number, got fast',
    },
    {
      argv: [...base, '--report', 'xml=a'],
      message: '--report must be json=FILE, junit=FILE, html=FILE or markdown=FILE, got xml=a',
    },
    {
      argv: [...base, '--report', 'json='],
      message: '--report must be json=FILE, junit=FILE, html=FILE or markdown=FILE, got json=',
    },
    { argv: [...base, '--catalog-id', ''], message: '--catalog-id must not be empty' },
    { argv: [...base, '--seed', '1', '--seed', '2'], message: '--seed given more than once' },
  ];
  it.each(errors)('rejects $argv with "$message"', ({ argv, message }) => {
    expect(parseArgs(argv, defaults)).toEqual({ kind: 'error', message });
  });

  const helps = [['--help'], ['-h'], [...base, '--help']];
  it.each(helps)('answers help for %j', (...argv) => {
    expect(parseArgs(argv, defaults)).toEqual({ kind: 'help' });
  });
});

describe('parseBaseUrl', () => {
  const cases = [
    { raw: 'http://127.0.0.1:8080', href: 'http://127.0.0.1:8080/' },
    { raw: 'http://127.0.0.1:8080/staging/', href: 'http://127.0.0.1:8080/staging' },
    { raw: 'https://api.example.com/v2', href: 'https://api.example.com/v2' },
    { raw: 'https://qa:s3cret@api.example.com/v2', href: 'https://api.example.com/v2' },
  ];
  it.each(cases)('keeps the path of $raw without a trailing slash or credentials', ({ raw, href }) => {
    const parsed = parseBaseUrl(raw);
    expect(typeof parsed === 'string' ? parsed : parsed.url.href).toBe(href);
  });
});

describe('parseHeader', () => {
  const cases = [
    { raw: 'Authorization: Bearer t', header: ['Authorization', 'Bearer t'] },
    { raw: 'X-Empty:', header: ['X-Empty', ''] },
    { raw: '  X-Pad  :  v  ', header: ['X-Pad', 'v'] },
    { raw: ': v', header: "--header must look like 'Name: value'" },
  ];
  it.each(cases)('reads $raw', ({ raw, header }) => {
    expect(parseHeader(raw)).toEqual(header);
  });
});
