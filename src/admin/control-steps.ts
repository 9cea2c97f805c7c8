import { jsonAnswer } from '../http/answers.js';
import { andThen, type Step } from '../http/compose.js';
import type { Answer, Exchange } from '../http/exchange.js';
import { errorObject } from '../http/http-error.js';
import type { Target } from '../http/steps/route-step.js';
import { wait, type Delay } from './delay.js';
import type { FaultAction, FaultRules } from './faults.js';
import type { JournalFeed } from './journal-feed.js';
import { keptBody, keptHeaders, type JournalRecord } from './journal.js';
import { SESSION_HEADER, sessionNameOf } from './session-names.js';
import type { Sessions } from './sessions.js';

/** The steps the control plane adds to the pipeline (src/http/pipeline.ts) around the four operations. */

type E<State> = Exchange<Target<State>, State>;

/** Which session the request reads and writes; said back in `x-subcat-session` (and which one made room). */
export function sessionStep<State>(sessions: Sessions<State>): Step<E<State>> {
  return (exchange, next) => {
    const name = sessionNameOf(exchange.request);
    const { session, dropped } = sessions.use(name);
    exchange.session = session.state;
    exchange.sessionName = name;
    exchange.sessionKey = session.key;
    if (name === '' && dropped === undefined) return next();
    return andThen(next(), (answer): Answer => {
      const headers: Record<string, string | number> = { ...answer.headers, [SESSION_HEADER]: name };
      if (dropped !== undefined) headers[`${SESSION_HEADER}-dropped`] = dropped;
      return { ...answer, headers };
    });
  };
}

/** Fault rules, then the latency every operation gets; both only for the operations, never the mock's own paths. */
export function faultStep<State>(faults: FaultRules, delay: () => Delay, draw: () => number): Step<E<State>> {
  return (exchange, next) => {
    const target = exchange.routed?.target;
    const operationId =
      target?.kind === 'operation' || target?.kind === 'spec' ? target.op?.operationId : undefined;
    const action =
      faults.size === 0
        ? undefined
        : faults.actOn({
            operationId,
            method: exchange.method,
            path: exchange.local,
            query: exchange.url.search.slice(1),
            headers: exchange.request.headers,
            session: exchange.sessionName,
          });
    if (action !== undefined) exchange.fault = action.note;
    const waited = wait(delay(), draw);
    const act = () => (action === undefined ? next() : carryOut(action, next));
    if (action?.delay !== undefined && action.delay !== null) {
      const more = wait(action.delay, draw);
      return Promise.all([waited, more]).then(act);
    }
    return waited === undefined ? act() : waited.then(act);
  };
}

function carryOut(action: FaultAction, next: () => Answer | Promise<Answer>): Answer | Promise<Answer> {
  const { then } = action;
  switch (then.kind) {
    case 'continue':
      return next();
    case 'reset':
    case 'hang':
      return { status: 0, headers: {}, body: undefined, misbehave: then.kind };
    case 'truncate':
      return andThen(next(), (answer): Answer => ({ ...answer, misbehave: 'truncate' }));
    case 'answer': {
      const detail = `fault rule ${action.ruleId} answers ${then.status} (POST /__subcat/faults; remove it with DELETE /__subcat/faults/${action.ruleId})`;
      const body = then.body ?? { errors: [errorObject(then.status, detail)] };
      const headers: Record<string, string> =
        then.retryAfter === undefined ? {} : { 'Retry-After': String(then.retryAfter) };
      return jsonAnswer(then.status, body, headers);
    }
  }
}

/** Records every request but the mock's own paths in its session's journal, after it is answered. */
export function journalStep<State>(
  sessions: Sessions<State>,
  feed: JournalFeed,
  ownPath: (path: string) => boolean,
): Step<E<State>> {
  return (exchange, next) => {
    const url = exchange.request.url ?? '/';
    const query = url.indexOf('?');
    if (ownPath(query === -1 ? url : url.slice(0, query))) return next();
    return andThen(next(), (answer) => {
      let name = exchange.sessionName;
      try {
        if (exchange.session === undefined) name = sessionNameOf(exchange.request);
      } catch {
        name = '';
      }
      const target = exchange.routed?.target;
      const record: JournalRecord = {
        id: exchange.id,
        at: Date.now(),
        method: exchange.method,
        url,
        operationId:
          target?.kind === 'operation' || target?.kind === 'spec' ? target.op?.operationId : undefined,
        status: answer.misbehave === 'reset' || answer.misbehave === 'hang' ? 0 : answer.status,
        durationMs: Number(process.hrtime.bigint() - exchange.started) / 1e6,
        session: name,
        fault: exchange.fault,
        requestHeaders: exchange.request.headers,
        requestBody: exchange.bodyText === undefined ? undefined : keptBody(exchange.bodyText),
        responseHeaders: keptHeaders(answer),
        responseBody: keptBody(answer.body, answer.shared),
      };
      // A request that never reached its session (a 404, a 401...) makes none: it goes to the default journal.
      (sessions.peek(name) ?? sessions.use('').session).journal.record(record);
      feed.announce(record);
      return answer;
    });
  };
}
