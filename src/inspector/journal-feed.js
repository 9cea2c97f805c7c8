/** How often the journal is polled when the event stream cannot be used. */
const POLL_MS = 2000;

/**
 * Follows the journal as it grows: the Server-Sent Events stream (every session's requests), or, when it
 * cannot be opened (an admin token, which EventSource cannot send, or a stream the server refuses), the
 * picked session's journal polled with `since=` the newest id. `opened` runs on every (re)connection, so
 * the caller can load what it missed.
 * @example const feed = followJournal(client, { entry: journal.add, mode: showMode, opened: journal.load, newestId })
 */
export function followJournal(client, { entry, mode, opened, newestId }) {
  let stopped = false;
  let timer;
  let source;

  const poll = async () => {
    if (stopped) return;
    try {
      const since = newestId();
      const query =
        since === undefined ? 'requests?limit=200' : `requests?since=${encodeURIComponent(since)}`;
      const entries = (await client.call('GET', query, { scoped: true })) ?? [];
      for (const one of [...entries].reverse()) entry(one);
      mode('polling');
    } catch {
      mode('offline');
    }
    if (!stopped) timer = setTimeout(poll, POLL_MS);
  };

  const pollInstead = () => {
    source?.close();
    source = undefined;
    void poll();
  };

  if (typeof EventSource === 'function' && client.token === '') {
    let everOpened = false;
    source = new EventSource(client.base + 'requests/stream');
    source.addEventListener('open', () => {
      everOpened = true;
      mode('live');
      opened();
    });
    source.addEventListener('request', (event) => {
      try {
        entry(JSON.parse(event.data));
      } catch {
        // An event that is not an entry is skipped; the next load shows what the journal holds.
      }
    });
    // The mock has as many listeners as it takes: it says so, and the page polls instead.
    source.addEventListener('full', pollInstead);
    source.addEventListener('error', () => {
      if (!everOpened || source?.readyState === EventSource.CLOSED) pollInstead();
      else mode('reconnecting');
    });
  } else {
    void poll();
  }

  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    },
  };
}
