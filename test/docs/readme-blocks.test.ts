import { describe, expect, it } from 'vitest';
import { readmeBlocks, shellCommands } from './readme-blocks.js';

const DOC = [
  '# Title',
  '```sh',
  'outside',
  '```',
  '## Front',
  '### Sub',
  '```sh',
  'curl a',
  '```',
  '```',
  'plain',
  '```',
  '## Other',
  '```ts',
  'skip()',
  '```',
].join('\n');

describe('readmeBlocks', () => {
  it('keeps the blocks of the named sections, subsections included, with their language and line', () => {
    expect(readmeBlocks(DOC, ['Front'])).toEqual([
      { lang: 'sh', code: 'curl a\n', line: 7, section: 'Front' },
      { lang: '', code: 'plain\n', line: 10, section: 'Front' },
    ]);
  });

  it('reads a heading inside a block as code, not as a section', () => {
    expect(readmeBlocks('## A\n```md\n## B\n```\n```sh\nx\n```\n', ['A']).map((b) => b.code)).toEqual([
      '## B\n',
      'x\n',
    ]);
  });
});

const commands: { name: string; code: string; commands: string[] }[] = [
  { name: 'one command per line', code: 'curl a\ncurl b\n', commands: ['curl a', 'curl b'] },
  { name: 'comments and blank lines are left out', code: '# a note\n\ncurl a\n', commands: ['curl a'] },
  { name: 'a trailing comment stays', code: 'curl a   # why\n', commands: ['curl a   # why'] },
  {
    name: 'continuations are joined',
    code: "curl -X POST a \\\n  -d '{}'\n",
    commands: ["curl -X POST a -d '{}'"],
  },
];

describe('shellCommands', () => {
  it.each(commands)('$name', ({ code, commands: expected }) => {
    expect(shellCommands(code)).toEqual(expected);
  });
});
