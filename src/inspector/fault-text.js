import { delayText } from './delay-text.js';
import { OPERATIONS } from './operations.js';

const titles = new Map(OPERATIONS.map((operation) => [operation.id, operation.title]));

/** Which requests a rule matches, in words. */
function matchText(rule) {
  const parts = [];
  if (rule.operationId) parts.push(titles.get(rule.operationId) ?? rule.operationId);
  if (rule.method || rule.path) parts.push(`${rule.method ?? 'any method'} ${rule.path ?? '*'}`);
  if (rule.query) parts.push(`query has "${rule.query}"`);
  if (rule.header) parts.push(`header ${rule.header}`);
  if (rule.session) parts.push(`session ${rule.session}`);
  return parts.length === 0 ? 'every request of the four operations' : parts.join(', ');
}

/** What a rule does, in words, in the order the mock applies it (delay first). */
function actionText(rule) {
  const parts = [];
  if (rule.delay !== undefined && rule.delay !== null) parts.push(`wait ${delayText(rule.delay)}`);
  if (rule.reset) parts.push('reset the connection');
  if (rule.hang) parts.push('never answer');
  if (rule.truncate) parts.push('cut the body short');
  if (rule.status !== undefined) {
    const retry = rule.retry_after === undefined ? '' : ` with Retry-After: ${rule.retry_after}`;
    parts.push(`answer ${rule.status}${retry}${rule.body === undefined ? '' : ' and its own body'}`);
  }
  return parts.length === 0 ? 'nothing' : parts.join(', then ');
}

/** How often a rule acts, and how often it has. */
function limitsText(rule) {
  const parts = [];
  if (rule.times !== undefined) parts.push(`${rule.times} ${rule.times === 1 ? 'time' : 'times'}`);
  if (rule.probability !== undefined) {
    parts.push(`with probability ${rule.probability} (seed ${rule.seed ?? 1})`);
  }
  if (parts.length === 0) parts.push('every time');
  if (rule.matched !== undefined) parts.push(`matched ${rule.matched}, acted on ${rule.applied ?? 0}`);
  return parts.join('; ');
}

/**
 * A fault rule in words: which requests, what happens, how often.
 * @example describeFault({ operationId: 'listSubscriptions', status: 503, times: 3 })
 * // { match: 'List subscriptions', action: 'answer 503', limits: '3 times' }
 */
export function describeFault(rule) {
  return { match: matchText(rule), action: actionText(rule), limits: limitsText(rule) };
}
