/** Whether a name is one the control plane takes for a session or a snapshot: `pattern` is its Name's (limits-from-spec.js). */
export function isSessionName(name, pattern) {
  return pattern.test(name);
}

/**
 * The session named in the page's query (`?session=NAME`, as the admin calls take it), or the default one
 * (the empty name). The query, not the fragment: the fragment is for the section links.
 * @example sessionFromQuery('?session=worker-1', limits.name) // 'worker-1'
 */
export function sessionFromQuery(search, pattern) {
  const name = new URLSearchParams(search).get('session') ?? '';
  return isSessionName(name, pattern) ? name : '';
}

/** The page's query for a session: empty for the default one. */
export function sessionQuery(name) {
  return name === '' ? '' : `?session=${encodeURIComponent(name)}`;
}
