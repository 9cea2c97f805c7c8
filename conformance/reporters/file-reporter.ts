import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { escapeBidi } from './bidi.js';
import type { Reporter, RunSummary } from './reporter.js';

/** A reporter that writes one rendered file when the run ends (json, junit, html, markdown), bidi controls escaped. */
export function fileReporter(file: string, render: (summary: RunSummary) => string): Reporter {
  return {
    start: () => undefined,
    onResult: () => undefined,
    async finish(summary) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, escapeBidi(render(summary)), 'utf8');
    },
  };
}
