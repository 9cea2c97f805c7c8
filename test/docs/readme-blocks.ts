/** One fenced code block of a Markdown document. */
export interface CodeBlock {
  /** The fence's info string (`sh`, `ts`, `` for none). */
  lang: string;
  code: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The `## ` section holding it. */
  section: string;
}

/**
 * The fenced blocks of a Markdown document that sit in the named `## ` sections (their `###` subsections
 * included), in document order.
 * @example readmeBlocks('## A\n```sh\nls\n```\n', ['A']) // [{ lang: 'sh', code: 'ls\n', line: 2, section: 'A' }]
 */
export function readmeBlocks(markdown: string, sections: readonly string[]): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let section = '';
  let open: { lang: string; line: number; lines: string[] } | undefined;
  markdown.split('\n').forEach((text, index) => {
    if (open !== undefined) {
      if (/^```\s*$/.test(text)) {
        if (sections.includes(section))
          blocks.push({ lang: open.lang, code: `${open.lines.join('\n')}\n`, line: open.line, section });
        open = undefined;
      } else open.lines.push(text);
      return;
    }
    const fence = /^```(\S*)/.exec(text);
    if (fence !== null) open = { lang: fence[1] ?? '', line: index + 1, lines: [] };
    else if (text.startsWith('## ')) section = text.slice(3).trim();
  });
  return blocks;
}

/**
 * The commands of a shell block, one per logical line (`\` continuations joined), comments and blank lines
 * left out; a trailing `# comment` stays, as the shell ignores it.
 * @example shellCommands('curl a \\\n  -d b   # why\n# note\n') // ['curl a -d b   # why']
 */
export function shellCommands(code: string): string[] {
  const commands: string[] = [];
  let pending: string[] = [];
  for (const line of code.split('\n')) {
    if (pending.length === 0 && (line.trim() === '' || line.trim().startsWith('#'))) continue;
    if (line.endsWith('\\')) pending.push(line.slice(0, -1).trim());
    else {
      commands.push([...pending, line.trim()].join(' '));
      pending = [];
    }
  }
  return commands;
}
