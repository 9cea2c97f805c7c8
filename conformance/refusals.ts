import type { Client, Exchange } from './client.js';

/** 401 and 403: the server refused who the kit says it is, not what it asked. */
export function isRefusal(status: number): boolean {
  return status === 401 || status === 403;
}

/**
 * Why the run is a set-up error rather than contract failures: every operation it called answered only 401 or
 * 403 (credentials missing, wrong or expired), or undefined when any operation answered anything else.
 */
export function refusalReason(
  byOperation: ReadonlyMap<string, { calls: number; refused: number }>,
): string | undefined {
  const counts = [...byOperation.values()];
  if (counts.length === 0 || counts.some(({ calls, refused }) => refused < calls)) return undefined;
  const calls = counts.reduce((sum, count) => sum + count.calls, 0);
  return (
    `the server refused the credentials: 401 or 403 to all ${calls} requests on every operation called ` +
    `(${[...byOperation.keys()].join(', ')}); check --header or the base URL's user and password`
  );
}

/** Counts, per operation, the answers and the refusals among them. */
export function watchRefusals(client: Pick<Client, 'listeners'>): { reason(): string | undefined } {
  const byOperation = new Map<string, { calls: number; refused: number }>();
  client.listeners.push((exchange: Exchange) => {
    if (exchange.operation === undefined) return;
    const count = byOperation.get(exchange.operation) ?? { calls: 0, refused: 0 };
    count.calls++;
    if (isRefusal(exchange.response.status)) count.refused++;
    byOperation.set(exchange.operation, count);
  });
  return { reason: () => refusalReason(byOperation) };
}
