import { parseDelay } from './delay-text.js';

/** The actions the form offers; `none` keeps only the delay. */
export const FAULT_ACTIONS = ['status', 'reset', 'hang', 'truncate', 'none'];

/** An integer field: undefined when blank, else the number or a problem naming the field. */
function integer(text, name, { min, max }, problems) {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max}`);
    return undefined;
  }
  return value;
}

/** The match fields that are filled in, trimmed. */
function matchFields(fields, session) {
  const input = {};
  for (const name of ['operationId', 'method', 'path', 'query', 'header']) {
    const value = (fields[name] ?? '').trim();
    if (value !== '') input[name] = value;
  }
  if (fields.onlySession && session !== '') input.session = session;
  return input;
}

/** The action fields: the delay, then one of status, reset, hang or truncate. */
function actionFields(fields, limits, problems) {
  const input = {};
  const delay = parseDelay(fields.delay ?? '', limits.delay);
  if ('problem' in delay) problems.push(`delay: ${delay.problem}`);
  else if (delay.delay !== null) input.delay = delay.delay;
  const action = fields.action ?? 'status';
  if (action === 'status') {
    if ((fields.status ?? '').trim() === '') problems.push('status is needed to answer an error status');
    const status = integer(fields.status ?? '', 'status', limits.status, problems);
    if (status !== undefined) input.status = status;
    const retryAfter = integer(fields.retryAfter ?? '', 'Retry-After', limits.retryAfter, problems);
    if (retryAfter !== undefined) input.retry_after = retryAfter;
    const body = (fields.body ?? '').trim();
    if (body !== '') {
      try {
        input.body = JSON.parse(body);
      } catch {
        problems.push('body must be JSON');
      }
    }
  } else if (action === 'none') {
    if (input.delay === undefined) problems.push('only the delay needs a delay');
  } else if (FAULT_ACTIONS.includes(action)) {
    input[action] = true;
  } else {
    problems.push(`unknown action ${action}`);
  }
  return input;
}

/** The limit fields: times, probability and its seed. */
function limitFields(fields, limits, problems) {
  const input = {};
  const times = integer(fields.times ?? '', 'times', limits.times, problems);
  if (times !== undefined) input.times = times;
  const probabilityText = (fields.probability ?? '').trim();
  if (probabilityText !== '') {
    const probability = Number(probabilityText);
    const { min, max } = limits.probability;
    if (Number.isFinite(probability) && probability >= min && probability <= max)
      input.probability = probability;
    else problems.push(`probability must be a number from ${min} to ${max}`);
  }
  const seed = integer(fields.seed ?? '', 'seed', limits.seed, problems);
  if (seed !== undefined) input.seed = seed;
  return input;
}

/**
 * The body of `POST /__subcat/faults` from the form's fields (strings as typed), or the problems to fix;
 * `limits` are the control plane's (limits-from-spec.js).
 * @example faultInput({ operationId: 'listSubscriptions', action: 'status', status: '503', times: '3' }, '', limits)
 * // { input: { operationId: 'listSubscriptions', status: 503, times: 3 } }
 */
export function faultInput(fields, session, limits) {
  const problems = [];
  const input = {
    ...matchFields(fields, session),
    ...actionFields(fields, limits, problems),
    ...limitFields(fields, limits, problems),
  };
  return problems.length === 0 ? { input } : { problems };
}
