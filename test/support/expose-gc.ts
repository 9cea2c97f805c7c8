import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * V8's full garbage collection, for tests that ask what a value keeps alive: the flag is set at run time and
 * the function read from a fresh context, so no test needs node started with --expose-gc.
 * @example const gc = exposeGc(); gc(); const before = heldBytes();
 */
export function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Bytes the process holds in V8's heap and outside it (external strings, buffers), after a full collection. */
export function heldBytes(gc: () => void): number {
  gc();
  gc();
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}
