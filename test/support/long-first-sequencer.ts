import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The folders whose files start servers, processes or a browser: a few seconds to half a minute each. */
const SLOW_FOLDERS = /[\\/]test[\\/](e2e|docs|browser|package|consumer)[\\/]/;

/**
 * Vitest's order (the longest first when an earlier run left durations, else the largest files first), with
 * the files that start servers, processes or a browser ahead of the rest. On a fresh clone the size order ran
 * kit-faults.e2e.test.ts (55 lines, one of the longest to run) near the end, the other worker idle; the unit
 * files, a second at most, now fill the end.
 */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (file: TestSpecification) => SLOW_FOLDERS.test(file.moduleId);
    return [...sorted.filter(slow), ...sorted.filter((file) => !slow(file))];
  }
}
