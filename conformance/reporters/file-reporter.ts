import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Reporter, RunSummary } from './reporter.js';

/** A reporter that writes one rendered file when the run ends (json, junit, html). */
export function fileReporter(file: string, render: (summary: RunSummary) => string): Reporter {
  return {
    start: () => undefined,
    onResult: () => undefined,
    async finish(summary) {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, render(summary), 'utf8');
    },
  };
}
