import { RawConnection, type RawResponse } from './raw-connection.js';

/** What one request cost the mock (in this process): its answer, the CPU it took, and how long a health check waited. */
export interface RequestCost {
  response: RawResponse;
  /** Process CPU from the first byte sent to the whole answer read (the client's share is a few ms at most). */
  cpuMs: number;
  /** Process CPU spent while a GET /__health, sent once the body was on its way, waited for its answer. */
  healthCpuMs: number;
  /** Wall-clock wait of that health check. */
  healthMs: number;
}

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Sends `method path` with a JSON `body` to the in-process mock at `url`, with a GET /__health alongside.
 * CPU time, not wall time, is what the bounds compare: the machine may be busy with other work, but a body
 * that makes the mock work long does so whatever the load.
 * @example const cost = await requestCost(mock.url, 'POST', '/subscriptions/subscriptions', body);
 */
export async function requestCost(
  url: string,
  method: string,
  path: string,
  body: string | Buffer,
): Promise<RequestCost> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const { host } = new URL(url);
  const [connection, healthConnection] = await Promise.all([
    RawConnection.open(url),
    RawConnection.open(url),
  ]);
  try {
    const started = cpuNow();
    const head = `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${bytes.length}\r\n\r\n`;
    const sent = connection.write(Buffer.concat([Buffer.from(head), bytes]));
    const answered = connection.response(30_000);
    await sent;
    const healthStarted = { cpu: cpuNow(), wall: performance.now() };
    await healthConnection.write(`GET /__health HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    const health = await healthConnection.response(30_000);
    if (health.status !== 200) throw new Error(`GET /__health answered ${health.status}`);
    const healthCpuMs = cpuNow() - healthStarted.cpu;
    const healthMs = performance.now() - healthStarted.wall;
    const response = await answered;
    return { response, cpuMs: cpuNow() - started, healthCpuMs, healthMs };
  } finally {
    connection.close();
    healthConnection.close();
  }
}

/**
 * The cheapest of up to `attempts` sends of the same request (stopping at the first within `budgetMs`): a
 * garbage collection or a scheduler hiccup may slow one send, a body that costs too much costs it every time.
 */
export async function cheapestCost(
  send: () => Promise<RequestCost>,
  budgetMs: number,
  attempts = 3,
): Promise<RequestCost> {
  let best: RequestCost | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const cost = await send();
    if (best === undefined || Math.max(cost.cpuMs, cost.healthCpuMs) < Math.max(best.cpuMs, best.healthCpuMs))
      best = cost;
    if (Math.max(best.cpuMs, best.healthCpuMs) <= budgetMs) break;
  }
  return best as RequestCost;
}
