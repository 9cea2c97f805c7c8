import { validateHeaderName, validateHeaderValue } from 'node:http';
import { andThen, type Step } from '../compose.js';
import type { Answer, Exchange } from '../exchange.js';
import type { ResponseCache } from '../response-cache.js';
import type { Target } from './route-step.js';

/**
 * The whole-response cache, around validation and the handler of a route with `cacheVersion`: a GET or HEAD
 * without Prefer, keyed by everything its answer and its validity can depend on (session; the resolution,
 * which stands for the public origin and the raw target; Accept-Language and the header parameters the spec
 * declares, as sent) and valid for the state's version. Only a 200 is kept, so a hit implies the same
 * request was valid: it skips validation too.
 */
export function cacheStep<State>(
  cache: ResponseCache,
  headerParameters: (operationId: string) => readonly string[],
): Step<Exchange<Target<State>, State>> {
  return (exchange, next) => {
    const target = exchange.routed?.target;
    const { method, request, session } = exchange;
    if (target?.kind !== 'operation' || target.route.cacheVersion === undefined || session === undefined)
      return next();
    if ((method !== 'GET' && method !== 'HEAD') || request.headers.prefer !== undefined) return next();
    const version = target.route.cacheVersion(session);
    let key = `${exchange.resolution}\n${exchange.sessionKey}\n${headerPart(request.headers['accept-language'])}`;
    for (const name of headerParameters(target.route.operationId))
      key += `\n${headerPart(request.headers[name])}`;
    const hit = cache.get(key, version);
    if (hit !== undefined) {
      // The kept headers themselves, frozen: a step that adds one (CORS, the session) makes a new object.
      const { status, headers, body } = hit;
      return { status, headers, body, shared: true, sharedHeaders: headers };
    }
    return andThen(next(), (answer): Answer => {
      if (
        answer.status === 200 &&
        typeof answer.body === 'string' &&
        answer.misbehave === undefined &&
        sendable(answer)
      ) {
        // Encoded once: sent from this buffer now, and kept.
        const body = Buffer.from(answer.body, 'utf8');
        // Frozen: every hit shares it (as a copy), and the journal keeps it by reference.
        const headers = Object.freeze({ ...answer.headers });
        cache.set(key, version, { status: 200, headers, body });
        return { ...answer, body, shared: true, sharedHeaders: headers };
      }
      return answer;
    });
  };
}

/** Whether node will write these headers: an answer it refuses (a route's bug) must never be kept and replayed. */
function sendable(answer: Answer): boolean {
  try {
    for (const name in answer.headers) {
      validateHeaderName(name);
      validateHeaderValue(name, String(answer.headers[name]));
    }
    return true;
  } catch {
    return false;
  }
}

/** A header as part of a key: present (`+value`) and absent (`-`) never collide, and no value holds a newline. */
function headerPart(value: string | string[] | undefined): string {
  return value === undefined ? '-' : `+${Array.isArray(value) ? value.join('\n+') : value}`;
}
