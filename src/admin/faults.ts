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

/** A rule as kept: as listed, with its matcher and its own seeded draws. */
type Rule = FaultRuleView & { matches: (target: FaultTarget) => boolean; draw: () => number };

const shown = ({ matches: _matches, draw: _draw, ...view }: Rule): FaultRuleView => view;

/** The fault rules in effect, tried in order; each draws from its own seeded generator, so failures repeat run after run. */
export class FaultRules {
  /** The latency every operation gets, besides a rule's own (`--delay`, `PUT /__subcat/delay`). */
  delay: Delay = null;
  private rules: Rule[] = [];
  private serial = 0;

  constructor(private readonly now: () => number = Date.now) {}

  add(input: FaultRuleInput): FaultRuleView {
    this.serial += 1;
    const rule: Rule = {
      ...input,
      id: `fault-${this.serial}`,
      matched: 0,
      applied: 0,
      created_at: new Date(this.now()).toISOString(),
      matches: matcher(input),
      draw: seededDraws(input.seed ?? 1),
    };
    this.rules.push(rule);
    return shown(rule);
  }

  list(): FaultRuleView[] {
    return this.rules.map(shown);
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

  /** The first rule that takes this request, if any; counts and retires as it goes. */
  actOn(target: FaultTarget): FaultRuleView | undefined {
    for (const rule of this.rules) {
      if (!rule.matches(target)) continue;
      rule.matched += 1;
      if (rule.probability !== undefined && !(rule.draw() < rule.probability)) continue;
      rule.applied += 1;
      if (rule.times !== undefined && rule.applied >= rule.times) this.remove(rule.id);
      return rule;
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

/** `id: what it did`, for the journal. */
export function faultNote(id: string, input: FaultRuleInput): string {
  const did = [
    (input.delay ?? null) === null ? '' : `delay ${JSON.stringify(input.delay)} ms`,
    input.reset === true
      ? 'connection reset'
      : input.hang === true
        ? 'no answer'
        : input.truncate === true
          ? 'body cut short'
          : input.status === undefined
            ? ''
            : `status ${input.status}`,
  ];
  return `${id}: ${did.filter(Boolean).join(', ')}`;
}

/** Latency and faults, matched and carried out here, for the operations only: the delays, then reset, hang, truncate or status. */
export function faultStep<State>(faults: FaultRules, draw: () => number): Step<Exchange<State>> {
  return (exchange, next) =>
    exchange.routed?.target.guard !== undefined || (faults.size === 0 && faults.delay === null)
      ? next()
      : act(exchange, next);

  async function act(exchange: Exchange<State>, next: Next): Promise<Answer> {
    const rule = faults.actOn({
      operationId: exchange.routed?.target.op?.operationId,
      method: exchange.method,
      path: exchange.local,
      query: exchange.url.search.slice(1),
      headers: exchange.request.headers,
      session: exchange.session?.name ?? '',
    });
    const input: FaultRuleInput = rule ?? {};
    if (rule !== undefined) exchange.fault = faultNote(rule.id, input);
    await Promise.all([wait(faults.delay, draw), wait(input.delay ?? null, draw)]);
    const cut = (write: Answer['write']): Answer => ({ status: 0, headers: {}, body: undefined, write });
    if (input.reset === true) return cut((exchange) => exchange.request.socket.resetAndDestroy());
    if (input.hang === true) return cut(() => undefined); // closing the server cuts it
    if (input.truncate === true) {
      const answer = await next();
      const body = Buffer.from(answer.body ?? '');
      const write = ({ request, response }: Exchange) => {
        response.writeHead(answer.status, { ...answer.headers, 'Content-Length': body.length });
        response.write(body.subarray(0, Math.floor(body.length / 2)), () => request.socket.destroy());
      };
      return { ...answer, write };
    }
    if (rule === undefined || input.status === undefined) return await next();
    const { status } = input;
    const detail = `fault rule ${rule.id} answers ${status} (POST /__subcat/faults; remove it with DELETE /__subcat/faults/${rule.id})`;
    const retryAfter = input.retry_after ?? (status === 429 || status === 503 ? 1 : undefined);
    const headers: Record<string, string> =
      retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) };
    return jsonAnswer(status, input.body ?? errorBody([errorObject(status, detail)]), headers);
  }
}

/** Milliseconds, a `[min, max]` range drawn per request, or null for none (spec/admin.openapi.yaml, Delay; the schema holds arrays to two items). */
export type Delay = number | readonly number[] | null;

export const MAX_DELAY_MS = 600_000;

/** `--delay 300` or `--delay 100-600` as a Delay; undefined when the text is neither. */
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
