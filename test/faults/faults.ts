import { catalogFaults } from './catalog-faults.js';
import type { Fault } from './fault.js';
import { filterFaults, includeFaults, pagingFaults } from './query-faults.js';
import { shapeFaults } from './shape-faults.js';
import { writeFaults } from './write-faults.js';

/** Every deliberately broken server the kit must catch, each with the check id that must fail. */
export const FAULTS: readonly Fault[] = [
  ...shapeFaults,
  ...filterFaults,
  ...pagingFaults,
  ...includeFaults,
  ...writeFaults,
  ...catalogFaults,
];
