import { setFlagsFromString } from 'node:v8';

/** How far V8 may let the heap grow past what its last full collection found alive, in percent. */
export const HEAP_GROWTH_PERCENT = 50;

/**
 * Asks V8 to let the kit's heap grow by half of what is alive before it collects again, instead of up to four
 * times as much: V8's choice on a host with plenty of memory when the program allocates fast, tuned for
 * servers that buy throughput with memory. The kit's live heap stays near 30 MB whatever the server sends,
 * but each multi-megabyte page it parses leaves megabytes of garbage behind, so a 2-minute run against
 * Prism's dynamic mock went past 250 MB with some 200 MB of it garbage. The price is more full collections
 * of that small heap (about 20 in such a run, 1 s of pauses in all). It is a pace, not a limit: the heap
 * still grows as far as the live data needs. Set at run time, for the kit's process only (no restart, no
 * NODE_OPTIONS).
 * @example boundHeapGrowth() // before the run starts
 */
export function boundHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWTH_PERCENT}`);
}
