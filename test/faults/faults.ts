import { catalogFaults } from './catalog-faults.js';
import type { Fault } from './fault.js';
import { gateFaults } from './gate-faults.js';
import { generatedFaults } from './generated-faults.js';
import { pagingFaults } from './paging-faults.js';
import { filterFaults, includeFaults } from './query-faults.js';
import { shapeFaults } from './shape-faults.js';
import { writeFaults } from './write-faults.js';

/** Every deliberately broken server the kit must catch, each with the check id that must fail or warn. */
export const FAULTS: readonly Fault[] = [
  ...shapeFaults,
  ...filterFaults,
  ...pagingFaults,
  ...includeFaults,
  ...writeFaults,
  ...catalogFaults,
  ...gateFaults,
  ...generatedFaults,
];
