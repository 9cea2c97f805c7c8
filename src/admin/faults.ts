import type { Next, Step } from '../http/route.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { errorBody, errorObject } from '../http/http-error.js';
import { jsonAnswer, type Answer, type Exchange } from '../http/route.js';
import type { components } from './admin-types.gen.js';
import { matchesPattern } from './path-pattern.js';
import { seededDraws } from './seeded-draws.js';

type Admin = components['schemas'];

/** A fault rule as POST /__subcat/faults takes it (validated against spec/admin.openapi.yaml first). */
export type FaultRuleInput = Admin['FaultRuleInput'];
export type FaultRuleView = Admin['FaultRule'];

/** What a request looks like to a rule. */
export interface FaultTarget {
  operationId: string | undefined;
  method: string;
  /** The path below the base path. */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  session: string;
}

/** What a rule does to the request it hits. */
export interface FaultAction {
  ruleId: string;
  delay: Delay;
  then:
    | { kind: 'answer'; status: number; body: unknown; retryAfter: number | undefined }
    | { kind: 'reset' }
    | { kind: 'hang' }
    | { kind: 'truncate' }
    | { kind: 'continue' };
  /** `id: what it did`, for the journal. */
  note: string;
}

interface Rule {
  input: FaultRuleInput;
  id: string;
  createdAt: number;
  matched: number;
  applied: number;
  matches: (target: FaultTarget) => boolean;
  draw: () => number;
}

/**
 * The fault rules in effect, tried in order: the first that matches a request and draws it (probability)
 * acts on it; `times` retires a rule after that many. Each rule draws from its own seeded generator, so the
 * same rules give the same failures run after run.
 * @example faults.add({ operationId: 'listSubscriptions', status: 503, times: 3 })
 */
export class FaultRules {
  /** The latency every operation gets, besides a rule's own (`--delay`, `PUT /__subcat/delay`). */
  delay: Delay = null;
  private rules: Rule[] = [];
  private serial = 0;

  constructor(private readonly now: () => number = Date.now) {}

  add(input: FaultRuleInput): FaultRuleView {
    this.serial += 1;
    const rule: Rule = {
      input,
      id: `fault-${this.serial}`,
      createdAt: this.now(),
      matched: 0,
      applied: 0,
      matches: matcher(input),
      draw: seededDraws(input.seed ?? 1),
    };
    this.rules.push(rule);
    return view(rule);
  }

  list(): FaultRuleView[] {
    return this.rules.map(view);
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  get size(): number {
    return this.rules.length;
  }

  /** The action of the first rule that takes this request, if any; counts and retires as it goes. */
  actOn(target: FaultTarget): FaultAction | undefined {
    for (const rule of this.rules) {
      if (!rule.matches(target)) continue;
      rule.matched += 1;
      const { probability } = rule.input;
      if (probability !== undefined && !(rule.draw() < probability)) continue;
      rule.applied += 1;
      if (rule.input.times !== undefined && rule.applied >= rule.input.times) this.remove(rule.id);
      return action(rule);
    }
    return undefined;
  }
}

function matcher(input: FaultRuleInput): (target: FaultTarget) => boolean {
  const path = input.path;
  const header = input.header === undefined ? undefined : headerTest(input.header);
  return (target) =>
    (input.operationId === undefined || input.operationId === target.operationId) &&
    (input.method === undefined || input.method === target.method) &&
    (path === undefined || matchesPattern(path, target.path)) &&
    (input.query === undefined || target.query.includes(input.query)) &&
    (header === undefined || header(target.headers)) &&
    (input.session === undefined || input.session === target.session);
}

/** `name` (present) or `name: substring` (its value holds the substring). */
function headerTest(spec: string): (headers: FaultTarget['headers']) => boolean {
  const colon = spec.indexOf(':');
  const name = (colon === -1 ? spec : spec.slice(0, colon)).trim().toLowerCase();
  const part = colon === -1 ? undefined : spec.slice(colon + 1).trim();
  return (headers) => {
    const value = headers[name];
    if (value === undefined) return false;
    return part === undefined || [value].flat().some((text) => text.includes(part));
  };
}

function action(rule: Rule): FaultAction {
  const { input, id } = rule;
  const delay = input.delay ?? null;
  const delayNote = delay === null ? '' : `delay ${JSON.stringify(delay)} ms, `;
  if (input.reset === true)
    return { ruleId: id, delay, then: { kind: 'reset' }, note: `${id}: ${delayNote}connection reset` };
  if (input.hang === true)
    return { ruleId: id, delay, then: { kind: 'hang' }, note: `${id}: ${delayNote}no answer` };
  if (input.truncate === true)
    return { ruleId: id, delay, then: { kind: 'truncate' }, note: `${id}: ${delayNote}body cut short` };
  if (input.status !== undefined) {
    const retryAfter = input.retry_after ?? (input.status === 429 || input.status === 503 ? 1 : undefined);
    const then = { kind: 'answer' as const, status: input.status, body: input.body, retryAfter };
    return { ruleId: id, delay, then, note: `${id}: ${delayNote}status ${input.status}` };
  }
  return { ruleId: id, delay, then: { kind: 'continue' }, note: `${id}: ${delayNote.replace(/, $/, '')}` };
}

function view(rule: Rule): FaultRuleView {
  return {
    ...rule.input,
    id: rule.id,
    matched: rule.matched,
    applied: rule.applied,
    created_at: new Date(rule.createdAt).toISOString(),
  };
}

/**
 * Faults and latency, matched and carried out here, for the operations only (never the mock's own routes):
 * the latency every operation gets and the rule's delay, then the rule's status, reset, hang or truncation.
 */
export function faultStep<State>(faults: FaultRules, draw: () => number): Step<Exchange<State>> {
  return (exchange, next) => {
    const { guard } = exchange.routed?.target ?? {};
    if (guard !== undefined || (faults.size === 0 && faults.delay === null)) return next();
    return act(exchange, next);
  };

  async function act(exchange: Exchange<State>, next: Next): Promise<Answer> {
    const { op } = exchange.routed?.target ?? {};
    const action = faults.actOn({
      operationId: op?.operationId,
      method: exchange.method,
      path: exchange.local,
      query: exchange.url.search.slice(1),
      headers: exchange.request.headers,
      session: exchange.session?.name ?? '',
    });
    if (action !== undefined) exchange.fault = action.note;
    const ruleDelay = action?.delay ?? null;
    if (faults.delay !== null || ruleDelay !== null)
      await Promise.all([wait(faults.delay, draw), wait(ruleDelay, draw)]);
    return action === undefined ? next() : carryOut(action, next);
  }
}

async function carryOut(action: FaultAction, next: Next): Promise<Answer> {
  const { then } = action;
  switch (then.kind) {
    case 'continue':
      return await next();
    case 'reset':
      return {
        status: 0,
        headers: {},
        body: undefined,
        write: (exchange) => exchange.request.socket.resetAndDestroy(),
      };
    case 'hang':
      return { status: 0, headers: {}, body: undefined, write: () => undefined }; // closing the server cuts it
    case 'truncate': {
      const answer = await next();
      const body = Buffer.from(answer.body ?? '');
      const write = ({ request, response }: Exchange) => {
        response.writeHead(answer.status, { ...answer.headers, 'Content-Length': body.length });
        response.write(body.subarray(0, Math.floor(body.length / 2)), () => request.socket.destroy());
      };
      return { ...answer, write };
    }
    case 'answer': {
      const detail = `fault rule ${action.ruleId} answers ${then.status} (POST /__subcat/faults; remove it with DELETE /__subcat/faults/${action.ruleId})`;
      const body = then.body ?? errorBody([errorObject(then.status, detail)]);
      const headers: Record<string, string> =
        then.retryAfter === undefined ? {} : { 'Retry-After': String(then.retryAfter) };
      return jsonAnswer(then.status, body, headers);
    }
  }
}

/** Milliseconds, a `[min, max]` range drawn per request, or null for none (spec/admin.openapi.yaml, Delay; the schema holds arrays to two items). */
export type Delay = number | readonly number[] | null;

export const MAX_DELAY_MS = 600_000;

/**
 * `--delay 300` or `--delay 100-600`, as a Delay; undefined when the text is neither.
 * @example parseDelay('100-600') // [100, 600]
 */
export function parseDelay(text: string): Delay | undefined {
  const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(text.trim());
  if (match === null) return undefined;
  const low = Number(match[1]);
  const high = match[2] === undefined ? undefined : Number(match[2]);
  if (low > MAX_DELAY_MS || (high !== undefined && (high > MAX_DELAY_MS || high < low))) return undefined;
  return high === undefined ? low : [low, high];
}

/** The milliseconds one request waits: the delay, or a draw in its range. */
export function delayMs(delay: Delay, draw: () => number): number {
  if (delay === null) return 0;
  if (typeof delay === 'number') return delay;
  const [low = 0, high = low] = delay;
  return low + Math.floor(draw() * (high - low + 1));
}

/** Waits the delay's milliseconds (none: no timer). */
export async function wait(delay: Delay, draw: () => number): Promise<void> {
  const ms = delayMs(delay, draw);
  if (ms > 0) await sleep(ms);
}
