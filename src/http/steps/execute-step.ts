import { DEFAULT_LANGUAGE, negotiateLanguage } from '../../i18n/language.js';
import { jsonAnswer } from '../answers.js';
import { andThen, type Step } from '../compose.js';
import type { Answer, Exchange } from '../exchange.js';
import type { PrismFallback } from '../prism-fallback.js';
import type { HandlerResult } from '../route.js';
import type { Target } from './route-step.js';

/** The last step: the route's handler (or Prism, for an operation only the spec describes), as an answer. */
export function executeStep<State>(prism: PrismFallback): Step<Exchange<Target<State>, State>> {
  return (exchange) => {
    const target = exchange.routed?.target;
    const { request, url, body } = exchange;
    if (target?.kind === 'spec') {
      const input = {
        method: exchange.method,
        path: exchange.local,
        query: url.searchParams,
        headers: request.headers,
        body,
      };
      return prism.answer(target.op, input).then(answerOf);
    }
    if (target?.kind !== 'operation' || exchange.session === undefined)
      throw new Error('no route to execute');
    const accept = request.headers['accept-language'];
    const result = target.route.handler({
      request,
      params: exchange.routed?.params ?? {},
      query: url.searchParams,
      body,
      url: url.url,
      base: exchange.base,
      // Most writes send no Accept-Language: no Set and sort for them. (A getter, negotiating only when read,
      // made every request's scope outlive it: 600 more bytes promoted per create.)
      language: accept === undefined ? DEFAULT_LANGUAGE : negotiateLanguage(accept),
      state: exchange.session,
    });
    return andThen(result, answerOf);
  };
}

/** A handler's result as an answer: no body for 204/304 or an undefined body; a string under another type as it is. */
function answerOf(result: HandlerResult): Answer {
  const { status, body, headers = {} } = result;
  if (body === undefined || status === 204 || status === 304) return { status, headers, body: undefined };
  if (typeof body !== 'string') return jsonAnswer(status, body, headers);
  const type = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (type !== undefined && !/json/i.test(type))
    return { status, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) }, body };
  return jsonAnswer(status, body, headers);
}
