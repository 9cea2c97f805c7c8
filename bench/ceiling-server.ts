import { createServer, type IncomingMessage, type Server } from 'node:http';

/** One response of the mock, captured once so the ceiling can replay it byte for byte. */
export interface CapturedResponse {
  method: string;
  /** Path and query exactly as the load generator sends them. */
  path: string;
  /**
   * Headers the load generator sends besides the usual ones (e.g. Accept-Language). Two cases can share a
   * method and path and differ only here, so the ceiling must tell them apart by these, or it replays one
   * case's body for the other.
   */
  requestHeaders?: Readonly<Record<string, string>>;
  /** The request body sent; the same path can answer differently per body (e.g. a plan switch back and forth). */
  requestBody?: string;
  status: number;
  contentType: string;
  /**
   * The rest of the answer's own head (the request id, Location...), so the ceiling writes the same bytes; not
   * those node:http writes itself (Date, Connection, Keep-Alive) nor Content-Length, counted from the body.
   */
  headers?: Readonly<Record<string, string>>;
  body: string;
}

/** Head lines node:http writes on its own, or the ceiling counts itself: never replayed from a capture. */
export const NODE_WRITES = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-type',
]);

const NOT_CAPTURED = Buffer.from('not captured');
const NOT_CAPTURED_HEADERS = { 'content-type': 'text/plain', 'content-length': String(NOT_CAPTURED.length) };

interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Lower-cased header name and value pairs the request must carry. */
  requestHeaders: [string, string][];
  requestBody: string | undefined;
}

/** Replies for one method and path, most specific first, and whether choosing among them needs the body. */
interface Candidates {
  replies: Reply[];
  byBody: boolean;
}

function toReply(r: CapturedResponse): Reply {
  const body = Buffer.from(r.body, 'utf8');
  return {
    status: r.status,
    headers: { ...r.headers, 'content-type': r.contentType, 'content-length': String(body.length) },
    body,
    requestHeaders: Object.entries(r.requestHeaders ?? {}).map(([name, value]) => [
      name.toLowerCase(),
      value,
    ]),
    requestBody: r.requestBody,
  };
}

function conditions(reply: Reply): number {
  return reply.requestHeaders.length + (reply.requestBody === undefined ? 0 : 1);
}

function matches(reply: Reply, request: IncomingMessage, body: string | undefined): boolean {
  for (const [name, value] of reply.requestHeaders) if (request.headers[name] !== value) return false;
  return reply.requestBody === undefined || reply.requestBody === body;
}

/** Groups captured responses by method and path; a later capture of the very same request replaces an earlier. */
function indexCaptured(responses: readonly CapturedResponse[]): Map<string, Candidates> {
  const index = new Map<string, Candidates>();
  for (const captured of responses) {
    const reply = toReply(captured);
    const key = `${captured.method} ${captured.path}`;
    const candidates = index.get(key) ?? { replies: [], byBody: false };
    const same = candidates.replies.findIndex(
      (r) =>
        r.requestBody === reply.requestBody &&
        JSON.stringify(r.requestHeaders) === JSON.stringify(reply.requestHeaders),
    );
    if (same >= 0) candidates.replies.splice(same, 1);
    candidates.replies.push(reply);
    // The most specific first, so a capture without conditions only answers what no other one claims.
    candidates.replies.sort((a, b) => conditions(b) - conditions(a));
    candidates.byBody = candidates.replies.some((r) => r.requestBody !== undefined);
    index.set(key, candidates);
  }
  return index;
}

/**
 * The bare-metal ceiling: a plain node:http server that does no work but replaying captured bytes,
 * so the gap to it is what the mock's own work costs. It writes the way the mock's cached path does:
 * writeHead with a plain object, then end() with a Buffer, which node:http sends as one corked writev.
 */
export function createCeilingServer(responses: readonly CapturedResponse[]): Server {
  const index = indexCaptured(responses);
  // noDelay is node:http's default since v18; spelled out because a head and body held back by Nagle's
  // algorithm against the client's delayed ACK would cost a ceiling tens of milliseconds per response.
  return createServer({ noDelay: true }, (request, response) => {
    const candidates = index.get(`${request.method ?? 'GET'} ${request.url ?? ''}`);
    const answer = (body: string | undefined) => {
      const reply = candidates?.replies.find((r) => matches(r, request, body));
      if (reply === undefined) response.writeHead(404, NOT_CAPTURED_HEADERS).end(NOT_CAPTURED);
      else response.writeHead(reply.status, reply.headers).end(reply.body);
    };
    // Read the request body first, as a real server must before answering a write; keep it only when the
    // reply depends on it.
    if (candidates?.byBody !== true) {
      request.resume();
      request.on('end', () => answer(undefined));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => answer(Buffer.concat(chunks).toString('utf8')));
  });
}
