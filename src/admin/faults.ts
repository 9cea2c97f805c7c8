import type { components } from './admin-types.gen.js';
import type { Delay } from './delay.js';
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
