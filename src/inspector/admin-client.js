/** A failed control-plane call: the status and the JSON:API errors' details. */
export class AdminError extends Error {
  constructor(method, path, status, body) {
    const details = (body?.errors ?? []).map((error) => error.detail ?? error.title).filter(Boolean);
    super(
      `${method} ${path}: ${status === 0 ? 'no answer' : status}${details.length ? ` – ${details.join('; ')}` : ''}`,
    );
    this.status = status;
  }
}

/** Calls the control plane under `base` (`{basePath}/__subcat/`) for the session picked in the page. */
export class AdminClient {
  constructor(base) {
    this.base = base;
    /** The session admin calls act on; the empty name is the default session. */
    this.session = '';
    /** The admin token, needed when the mock listens beyond loopback. */
    this.token = '';
  }

  /** The URL of an admin path; `scoped` adds `?session=` for the endpoints that work per session. */
  url(path, scoped, session = this.session) {
    const url = this.base + path;
    if (!scoped || session === '') return url;
    return `${url}${url.includes('?') ? '&' : '?'}session=${encodeURIComponent(session)}`;
  }

  /**
   * Sends one call; resolves with the answer's `data` (undefined for 204), rejects with an AdminError.
   * `scoped` calls act on the picked session, or on `session` when given.
   */
  async call(method, path, { body, scoped = false, session } = {}) {
    const headers = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.token !== '') headers['x-subcat-admin-token'] = this.token;
    let response;
    try {
      response = await fetch(this.url(path, scoped, session), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        // Never the app's subcat-session cookie (same origin): the page acts on the session it shows.
        credentials: 'omit',
      });
    } catch {
      throw new AdminError(method, this.base + path, 0, undefined);
    }
    const text = await response.text();
    let json;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) throw new AdminError(method, this.base + path, response.status, json);
    return json?.data;
  }
}
