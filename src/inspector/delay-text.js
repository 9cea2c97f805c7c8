/**
 * A delay as people type it: empty or `none` for none, `300` for fixed ms, `100-600` for a range drawn per request;
 * `bounds` are the Delay's (limits-from-spec.js).
 * @example parseDelay('100-600', { min: 0, max: 600000 }) // { delay: [100, 600] }
 */
export function parseDelay(text, bounds) {
  const typed = text.trim().replace(/\s*ms$/i, '');
  if (typed === '' || /^none$/i.test(typed)) return { delay: null };
  const match = /^(\d+)(?:\s*(?:-|–|\.\.)\s*(\d+))?$/.exec(typed);
  if (match === null)
    return { problem: `a delay is milliseconds (300) or a range (100-600), not "${text.trim()}"` };
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max > bounds.max) return { problem: `a delay is at most ${bounds.max} ms` };
  if (min < bounds.min) return { problem: `a delay is at least ${bounds.min} ms` };
  if (max < min) return { problem: `the range ${min}-${max} runs backwards` };
  return { delay: match[2] === undefined ? min : [min, max] };
}

/** A delay for reading: `none`, `300 ms`, `100–600 ms`. */
export function delayText(delay) {
  if (delay === null || delay === undefined) return 'none';
  if (Array.isArray(delay)) return `${delay[0]}–${delay[1]} ms`;
  return `${delay} ms`;
}

/** A delay as the input that would set it again: ``, `300`, `100-600`. */
export function delayInput(delay) {
  if (delay === null || delay === undefined) return '';
  return Array.isArray(delay) ? `${delay[0]}-${delay[1]}` : String(delay);
}
