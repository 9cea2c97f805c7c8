import type { Check } from '../check.js';
import { rejectionChecks } from './rejection.js';
import { robustnessChecks } from './robustness.js';
import { schemaChecks } from './schema.js';
import { statusChecks } from './status.js';

/**
 * Every check family, in run order (whole-run checks marked `final` run after all others whatever their
 * place here). To add a family: write checks/<family>.ts exporting `<family>Checks: Check[]`, add it here.
 */
export const FAMILIES: ReadonlyArray<readonly Check[]> = [
  statusChecks,
  schemaChecks,
  rejectionChecks,
  robustnessChecks,
];

export const CHECKS: readonly Check[] = FAMILIES.flat();
