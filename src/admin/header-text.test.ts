import { describe, expect, it } from 'vitest';
import { headersOfText, headerText, type HeaderValues } from './header-text.js';

describe('headerText', () => {
  const cases: { name: string; headers: HeaderValues; text: string; read: Record<string, string> }[] = [
    { name: 'no headers are an empty list', headers: {}, text: 'L', read: {} },
    { name: 'a header is a name:value line', headers: { accept: '*/*' }, text: 'Laccept:*/*\n', read: { accept: '*/*' } },
    { name: 'headers keep their order', headers: { b: '2', a: '1' }, text: 'Lb:2\na:1\n', read: { b: '2', a: '1' } },
    { name: 'a value may hold colons', headers: { host: '127.0.0.1:4010' }, text: 'Lhost:127.0.0.1:4010\n', read: { host: '127.0.0.1:4010' } },
    { name: 'an empty value stays empty', headers: { 'x-empty': '' }, text: 'Lx-empty:\n', read: { 'x-empty': '' } },
    { name: 'a number is kept as text', headers: { 'Content-Length': 12 }, text: 'LContent-Length:12\n', read: { 'Content-Length': '12' } },
    { name: 'a repeated header is joined', headers: { 'x-tag': ['a', 'b'] }, text: 'Lx-tag:a, b\n', read: { 'x-tag': 'a, b' } },
    { name: 'an absent header is left out', headers: { a: undefined, b: 'x' }, text: 'Lb:x\n', read: { b: 'x' } },
    { name: 'Authorization is kept redacted', headers: { authorization: 'Bearer s3cret' }, text: 'Lauthorization:<redacted>\n', read: { authorization: '<redacted>' } },
    { name: 'a cookie list is kept redacted', headers: { 'set-cookie': ['a=s3cret'] }, text: 'Lset-cookie:<redacted>\n', read: { 'set-cookie': '<redacted>' } },
    { name: 'a header naming a token is kept redacted', headers: { 'X-CSRF-Token': 's3cret' }, text: 'LX-CSRF-Token:<redacted>\n', read: { 'X-CSRF-Token': '<redacted>' } },
    { name: 'a value with a newline is kept as JSON', headers: { a: '1', 'x-odd': 'line\nbreak' }, text: 'J["a","1","x-odd","line\\nbreak"]', read: { a: '1', 'x-odd': 'line\nbreak' } },
    { name: 'a secret name with a colon is kept as JSON, redacted', headers: { 'x-token:a': 's3cret' }, text: 'J["x-token:a","<redacted>"]', read: { 'x-token:a': '<redacted>' } },
    { name: 'a name with a colon is kept as JSON', headers: { 'x:y': 'v' }, text: 'J["x:y","v"]', read: { 'x:y': 'v' } },
    { name: 'a secret is redacted in JSON too', headers: { cookie: 's3cret', 'x-odd': '\n' }, text: 'J["cookie","<redacted>","x-odd","\\n"]', read: { cookie: '<redacted>', 'x-odd': '\n' } },
    { name: 'text past Latin-1 is kept as it is', headers: { 'x-name': 'José 日本' }, text: 'Lx-name:José 日本\n', read: { 'x-name': 'José 日本' } },
  ]; // prettier-ignore
  it.each(cases)('$name', ({ headers, text, read }) => {
    expect(headerText(headers)).toBe(text);
    expect(headersOfText(text)).toEqual(read);
  });
});

describe('headersOfText', () => {
  const cases = [
    { name: 'a line without a colon ends the reading', text: 'La:1\nbroken', read: { a: '1' } },
    { name: 'a line without its newline ends the reading', text: 'La:1\nb:2', read: { a: '1' } },
    { name: 'a lone marker is no header', text: 'L', read: {} },
  ];
  it.each(cases)('$name', ({ text, read }) => {
    expect(headersOfText(text)).toEqual(read);
  });
});
