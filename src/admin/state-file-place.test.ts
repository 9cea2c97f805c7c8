import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fsProblem, placeProblem } from './state-file-place.js';

const folder = mkdtempSync(join(tmpdir(), 'subcat-place-'));
writeFileSync(join(folder, 'state.jsonl'), '');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('placeProblem', () => {
  const cases = [
    { title: 'a file that exists is a place', path: join(folder, 'state.jsonl'), problem: undefined },
    {
      title: 'a new file in a folder that exists is a place',
      path: join(folder, 'new.jsonl'),
      problem: undefined,
    },
    {
      title: 'a folder is named as one, with a file path to give instead',
      path: folder,
      problem: {
        problem: 'is a folder, not a file',
        fix: `give the path of a file, such as ${join(folder, 'state.jsonl')}`,
      },
    },
    {
      title: 'a file in a folder that does not exist names the folder',
      path: join(folder, 'missing', 'state.jsonl'),
      problem: {
        problem: `is in a folder that does not exist (${join(folder, 'missing')})`,
        fix: 'create the folder first, or give a path in a folder that exists',
      },
    },
    {
      title: 'a file "in" a file names that file as the folder that does not exist',
      path: join(folder, 'state.jsonl', 'inner.jsonl'),
      problem: { problem: `is in a folder that does not exist (${join(folder, 'state.jsonl')})` },
    },
    {
      title: 'a device is refused: the compacted copy would be renamed over it',
      path: '/dev/null',
      problem: { problem: 'is not a regular file (a device, pipe or socket)' },
    },
  ];
  it.each(cases)('$title', ({ path, problem }) => {
    const found = placeProblem(path);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatchObject(problem);
  });
});

describe('fsProblem', () => {
  const cases = [
    { code: 'EACCES', words: 'permission denied, EACCES' },
    { code: 'ENOSPC', words: 'no space left on the device, ENOSPC' },
    { code: 'EWHATEVER', words: 'EWHATEVER' },
  ];
  it.each(cases)('words $code without the path of the error', ({ code, words }) => {
    const error = Object.assign(new Error(`${code}: open '/tmp/x.123.tmp'`), { code });
    expect(fsProblem(error)).toBe(words);
  });
});
