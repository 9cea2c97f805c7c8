/** Requests a check sends at once when they do not depend on each other. */
export const PARALLEL_REQUESTS = 4;

/**
 * Maps `items` through `task`, at most `width` at a time, results in the order of `items` whatever order
 * they finish in. Build every request (and draw every random value) before calling this, so the same seed
 * sends the same requests.
 * @example const exchanges = await inParallel(requests, (request) => ctx.call('listSubscriptions', request));
 */
export async function inParallel<T, R>(
  items: readonly T[],
  task: (item: T, index: number) => Promise<R>,
  width = PARALLEL_REQUESTS,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, worker));
  return results;
}
