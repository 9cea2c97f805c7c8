import type { Check } from '../check.js';
import { catalogChecks } from './catalog.js';
import { concurrencyChecks } from './concurrency.js';
import { filtersChecks } from './filters.js';
import { generatedChecks } from './generated.js';
import { includeChecks } from './include.js';
import { lifecycleChecks } from './lifecycle.js';
import { limitsChecks } from './limits.js';
import { pagingChecks } from './paging.js';
import { rejectionChecks } from './rejection.js';
import { robustnessChecks } from './robustness.js';
import { rulesChecks } from './rules.js';
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
  filtersChecks,
  pagingChecks,
  includeChecks,
  catalogChecks,
  lifecycleChecks,
  concurrencyChecks,
  limitsChecks,
  generatedChecks,
  rulesChecks,
];

export const CHECKS: readonly Check[] = FAMILIES.flat();
