import type { SpecValidators, Violation } from '../../contract/validators.js';
import type { Step } from '../compose.js';
import type { Exchange } from '../exchange.js';
import { HttpError } from '../http-error.js';
import { hasBody, readBody, readJsonBody } from '../read-body.js';
import type { Target } from './route-step.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Parameters and body against the operation's schemas (one 400 listing every violation), plus the route's
 * conflicts (409 when every violation is one). The body is read here: a stateful route reads JSON on
 * POST/PUT/PATCH; an operation only the spec describes reads JSON when it declares some, else text for Prism.
 */
export function validateStep<State>(
  validators: SpecValidators,
  bodyLimit: number,
): Step<Exchange<Target<State>>> {
  const check = (exchange: Exchange<Target<State>>, violations: Violation[], omitted = 0): void => {
    const target = exchange.routed?.target;
    const conflicts =
      target?.kind === 'operation' && target.route.conflicts !== undefined
        ? target.route.conflicts({ params: exchange.routed?.params ?? {}, body: exchange.body })
        : [];
    if (violations.length === 0 && conflicts.length === 0) return;
    const conflicted = new Set(conflicts.map((conflict) => conflict.at));
    const others = violations.filter(
      (violation) => !(violation.in === 'body' && conflicted.has(violation.at)),
    );
    if (others.length === 0 && conflicts.length === 0) return;
    // A mix is a 400, the more general status (JSON:API); every error object then says 400.
    const status = others.length === 0 && omitted === 0 ? 409 : 400;
    throw HttpError.ofViolations(status, [...others, ...conflicts], omitted);
  };

  return (exchange, next) => {
    const target = exchange.routed?.target;
    if (target === undefined || target.kind === 'own') return next();
    const operation = target.op === undefined ? undefined : validators.operation(target.op.operationId);
    const { request } = exchange;
    const params = exchange.routed?.params ?? {};
    const violations =
      operation?.parameters({ path: params, query: exchange.url.searchParams, headers: request.headers }) ??
      [];
    const readsJson =
      target.kind === 'operation'
        ? BODY_METHODS.has(exchange.method)
        : operation?.body !== undefined && (operation.bodyRequired || hasBody(request));
    if (!readsJson && !(target.kind === 'spec' && hasBody(request))) {
      check(exchange, violations);
      return next();
    }
    return (async () => {
      if (readsJson) {
        exchange.body = await readJsonBody(request, bodyLimit, validators.bounds, (text) => {
          exchange.bodyText = text;
        });
        const found = operation?.body?.(exchange.body);
        for (const violation of found?.violations ?? []) violations.push(violation);
        check(exchange, violations, found?.omitted);
      } else {
        exchange.body = exchange.bodyText = (await readBody(request, bodyLimit)).toString('utf8');
        check(exchange, violations);
      }
      return next();
    })();
  };
}
