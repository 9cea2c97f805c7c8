/** The session names the control plane takes (spec/admin.openapi.yaml, Name). */
const NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** Whether a name is one the control plane takes for a session or a snapshot. */
export function isSessionName(name) {
  return NAME.test(name);
}

/**
 * The session named in the page's query (`?session=NAME`, as the admin calls take it), or the default one
 * (the empty name). The query, not the fragment: the fragment is for the section links.
 * @example sessionFromQuery('?session=worker-1') // 'worker-1'
 */
export function sessionFromQuery(search) {
  const name = new URLSearchParams(search).get('session') ?? '';
  return isSessionName(name) ? name : '';
}

/** The page's query for a session: empty for the default one. */
export function sessionQuery(name) {
  return name === '' ? '' : `?session=${encodeURIComponent(name)}`;
}
