import type { OpenAPIV3_1 } from 'openapi-types';
import type { SpecOperation } from '../../contract/spec-operations.js';
import { jsonAnswer } from '../answers.js';
import type { Step } from '../compose.js';
import type { Answer, Exchange } from '../exchange.js';
import { errorObject } from '../http-error.js';
import { parsePrefer, preferredResponse, type Preference } from '../prefer.js';
import type { PrismFallback } from '../prism-fallback.js';
import type { Target } from './route-step.js';

/**
 * `Prefer: code=...` / `example=...` (as Prism reads them): the spec's example for that response, else an
 * error body for an error status, else Prism's sample of the schema. The handler is never called.
 */
export function preferStep<State>(
  document: OpenAPIV3_1.Document,
  prism: PrismFallback,
): Step<Exchange<Target<State>>> {
  const answer = async (
    exchange: Exchange<Target<State>>,
    op: SpecOperation,
    preference: Preference,
  ): Promise<Answer> => {
    const chosen = preferredResponse(document, op, preference);
    if (chosen.example !== undefined) return jsonAnswer(chosen.status, chosen.example.value);
    if (chosen.status >= 400) {
      const detail = `Status ${chosen.status} forced by the Prefer header (the spec has no example for it)`;
      return jsonAnswer(chosen.status, { errors: [errorObject(chosen.status, detail)] });
    }
    const { request, url, local } = exchange;
    const input = {
      method: op.method,
      path: local,
      query: url.searchParams,
      headers: request.headers,
      body: undefined,
    };
    const result = await prism.answer(op, input, { code: chosen.status });
    return jsonAnswer(result.status, result.body, result.headers);
  };
  return (exchange, next) => {
    if (exchange.request.headers.prefer === undefined) return next();
    const preference = parsePrefer(exchange.request.headers.prefer);
    const target = exchange.routed?.target;
    const op = target?.kind === 'operation' || target?.kind === 'spec' ? target.op : undefined;
    return preference === undefined || op === undefined ? next() : answer(exchange, op, preference);
  };
}
