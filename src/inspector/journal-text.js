/** What came of a request, from its status: the class the page colours it by. */
export function outcomeOf(status) {
  if (status === 0) return 'no-answer';
  if (status >= 500) return 'server-error';
  if (status >= 400) return 'client-error';
  if (status >= 300) return 'redirect';
  return 'ok';
}

/** Whether a request failed: a 4xx, a 5xx, or no answer at all. */
export function isFailure(entry) {
  return entry.status === 0 || entry.status >= 400;
}

/** Whether a fault rule acted on a request (it may still have succeeded, only later). */
export function isFaulted(entry) {
  return entry.fault !== null && entry.fault !== undefined;
}

/** The class a journal row gets: `failed`, `faulted` (a fault acted but the answer was a success), or none. */
export function rowClass(entry) {
  if (isFailure(entry)) return 'failed';
  return isFaulted(entry) ? 'faulted' : '';
}

/** A duration for reading: `0.4 ms`, `12 ms`, `1.25 s`. */
export function durationText(ms) {
  if (ms < 10) return `${Math.round(ms * 10) / 10} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${Math.round(ms / 10) / 100} s`;
}

/** A session's name for reading: the default session has the empty name. */
export function sessionText(name) {
  return name === '' || name === undefined || name === null ? 'default' : name;
}

/** How long the mock has run, for reading: `42 s`, `5 min 3 s`, `3 h 12 min`, `2 d 4 h`. */
export function uptimeText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
}

/**
 * Whether an entry passes the journal's filters: method, status (`2xx`, `failures` with the faulted ones, `0`
 * for no answer), a
 * piece of the URL (any case), and a session (undefined for all sessions).
 * @example entryMatches(entry, { method: 'GET', status: 'failures', text: 'nodes', session: '' })
 */
export function entryMatches(entry, filter) {
  if (filter.method && entry.method !== filter.method) return false;
  if (filter.session !== undefined && entry.session !== filter.session) return false;
  if (filter.text && !entry.url.toLowerCase().includes(filter.text.toLowerCase())) return false;
  const status = filter.status ?? '';
  if (status === 'failures') return isFailure(entry) || isFaulted(entry);
  if (status.endsWith('xx')) return String(entry.status)[0] === status[0] && entry.status !== 0;
  return status === '' || String(entry.status) === status;
}

/** A time of day to the millisecond, in the page's time zone: `14:03:07.045`. */
export function clockTime(iso) {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return String(iso);
  const two = (n) => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, '0')}`;
}

/** Whether a path is the control plane's own (the inspector's calls), not an app's request; assets are an app's. */
export function isControlPlane(path) {
  const at = path.indexOf('/__subcat/');
  return at !== -1 && !path.startsWith('/__subcat/assets/', at);
}
