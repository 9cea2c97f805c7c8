import { createServer, type Server } from 'node:http';

/** One response of the mock, captured once so the ceiling can replay it byte for byte. */
export interface CapturedResponse {
  method: string;
  /** Path and query exactly as the load generator sends them. */
  path: string;
  status: number;
  contentType: string;
  body: string;
}

/**
 * The bare-metal ceiling: a plain node:http server that does no work but replaying captured bytes,
 * so the gap to it is what the mock's own work costs.
 */
export function createCeilingServer(responses: readonly CapturedResponse[]): Server {
  const byRequest = new Map(
    responses.map((r) => [
      `${r.method} ${r.path}`,
      {
        status: r.status,
        headers: { 'content-type': r.contentType, 'content-length': String(Buffer.byteLength(r.body)) },
        body: Buffer.from(r.body),
      },
    ]),
  );
  return createServer((request, response) => {
    const reply = byRequest.get(`${request.method ?? 'GET'} ${request.url ?? ''}`);
    // Read the request body first, as a real server must before answering a write.
    request.resume();
    request.on('end', () => {
      if (reply === undefined) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not captured');
        return;
      }
      response.writeHead(reply.status, reply.headers).end(reply.body);
    });
  });
}
