import type { Step } from '../compose.js';
import { checkBearer } from '../auth.js';

/** With auth on, the operations need `Authorization: Bearer <any token>` (decisions.md, Authentication). */
export function authStep(auth: boolean): Step {
  return (exchange, next) => {
    if (auth) checkBearer(exchange.request);
    return next();
  };
}
