import type { Check } from '../check.js';
import { CONTRACT } from '../citations.js';
import type { SpecValidator } from '../schema.js';

/**
 * What the proxy judges beyond the kit's watching checks (rules.every-exchange applies the per-exchange rule
 * layer of oracles/exchange-rules.ts): a write whose body the spec refuses must not be accepted. The kit sends
 * such bodies on purpose (rejection.*); an app's traffic is judged for it here.
 */
function requestAccepted(validator: SpecValidator): Check {
  return {
    id: 'exchange.invalid-body-accepted',
    title: 'A write whose body breaks the spec is not accepted',
    family: 'rejection',
    source: 'contract',
    cites: CONTRACT.createBody,
    operation: 'createSubscription',
    watch(ctx, exchange) {
      const operation = exchange.operation;
      if (operation !== 'createSubscription' && operation !== 'updateSubscription') return undefined;
      const status = exchange.response.status;
      if (status < 200 || status >= 300 || exchange.request.body === undefined) return undefined;
      let body: unknown;
      try {
        body = JSON.parse(exchange.request.body) as unknown;
      } catch {
        body = undefined;
      }
      // Unknown members are ignored by design (design.md), so only the spec's other rules count here.
      const errors = validator
        .validateRequest(operation, body)
        .filter((error) => error.keyword !== 'additionalProperties');
      if (errors.length === 0) return [];
      return [
        ctx.fail(exchange, {
          rule: 'a request body the spec refuses gets a 4xx, never a 2xx',
          cites: operation === 'createSubscription' ? CONTRACT.createBody : CONTRACT.updateSuccess,
          message: `${operation} answered ${status} to a body that breaks the spec: ${errors
            .slice(0, 3)
            .map((error) => `${error.instancePath || '/'} ${error.message}`)
            .join('; ')}`,
          expected: '4xx',
          actual: status,
          schemaErrors: errors,
        }),
      ];
    },
  };
}

/** The rules the proxy adds to the kit's watching checks; request bodies are read with `validator`. */
export function exchangeChecks(validator: SpecValidator): Check[] {
  return [requestAccepted(validator)];
}
