import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PublicUrl } from './public-url.js';

/** What a pipeline step answers: a status, headers and a body, not yet written. */
export interface Answer {
  status: number;
  headers: Readonly<Record<string, string | number>>;
  /** Undefined for no body (204, 304, HEAD is handled when sending). */
  body: Buffer | string | undefined;
  /**
   * How the answer misbehaves on purpose (a fault rule): `reset` destroys the connection instead of answering,
   * `hang` never answers, `truncate` sends the head and half the body, then cuts the connection.
   */
  misbehave?: 'reset' | 'hang' | 'truncate';
  /** The body is the response cache's own buffer: whoever keeps a reference to it adds no memory. */
  shared?: true;
  /** The response cache's frozen headers: `headers` are these or a copy of them; while equal, keeping them adds no memory. */
  sharedHeaders?: Readonly<Record<string, string | number>>;
  /** An answer that goes on (Server-Sent Events): called with the response once the head is written. */
  stream?: (response: ServerResponse) => void;
}

/** Where a request was routed: one of the spec's operations, or the mock's own paths. */
export interface RoutedRequest<Target> {
  target: Target;
  /** The path template it matched, e.g. `/subscriptions/subscriptions/{subscription_uuid}`. */
  template: string;
  params: Readonly<Record<string, string>>;
}

/**
 * One request on its way through the pipeline: what the steps learn about it (its public URL, its route,
 * its session) is written here, so every step takes the same one object.
 */
export class Exchange<Target = unknown, Session = unknown> {
  readonly method: string;
  /** The public URL the client used (links are built from it); set by the route step. */
  url!: PublicUrl;
  /** The path below the base path. */
  local = '/';
  /** The public origin and base path, e.g. `http://127.0.0.1:4010/v2`: every link starts with it. */
  base = '';
  routed?: RoutedRequest<Target>;
  /**
   * The same number for requests to the same public origin (Host, X-Forwarded-* when trusted) and raw target,
   * whatever the method; never for two that differ. Set by the route step; the response cache keys on it.
   */
  resolution = 0;
  /** The session the request reads and writes, and its name ('' for the default); set by the session step. */
  session?: Session;
  sessionName = '';
  /** Unique per session in this mock, even across a dropped session's name used again: the response cache keys on it. */
  sessionKey = '';
  /** The parsed, validated JSON body, when the operation takes one. */
  body: unknown = undefined;
  /**
   * The body's text as sent (a byte-order mark dropped), for the journal: one flat string costs the garbage
   * collector nothing to trace, where the parsed body is a graph of objects it marks as long as it is kept.
   */
  bodyText: string | undefined = undefined;
  /** What a fault rule did to this request, for the journal. */
  fault?: string;

  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    readonly id: string,
    readonly started: bigint,
  ) {
    this.method = request.method === undefined ? 'GET' : request.method.toUpperCase();
  }
}
