import { copyButton } from './copy-button.js';
import { curlLine } from './curl-line.js';
import { appendOptions, byId, element } from './element.js';
import {
  clockTime,
  durationText,
  entryMatches,
  isControlPlane,
  isFailure,
  isFaulted,
  outcomeOf,
  rowClass,
  sessionText,
} from './journal-text.js';
import { replayRequest } from './replay-request.js';
import { messageView } from './message-view.js';
import { act } from './notice.js';
import { METHODS } from './operations.js';

/** Entries the page keeps: enough for a day's debugging, few enough to stay fast. */
const KEPT = 500;

/** One journal row: a button that opens the entry. */
function rowView(entry, open) {
  const outcome = outcomeOf(entry.status);
  return element(
    'li',
    {},
    element(
      'button',
      {
        type: 'button',
        class: `entry ${rowClass(entry)}`.trim(),
        'data-id': entry.id,
        'data-status': String(entry.status),
        'aria-expanded': 'false',
        'aria-controls': 'entry',
        onclick: () => open(entry),
      },
      element('span', { class: 'time' }, clockTime(entry.at)),
      element('span', { class: 'method' }, entry.method),
      element('span', { class: 'path' }, entry.url),
      element('span', { class: `status ${outcome}` }, entry.status === 0 ? 'none' : String(entry.status)),
      element('span', { class: 'duration' }, durationText(entry.duration_ms)),
      element('span', { class: 'session' }, sessionText(entry.session)),
      entry.fault ? element('span', { class: 'fault' }, entry.fault) : undefined,
    ),
  );
}

/** One entry in full: what was asked, what was answered, and ways to repeat it. */
function detailsView(entry, { apiBase, replay, follow, close }) {
  const outcome = outcomeOf(entry.status);
  const url = new URL(entry.url, location.href).href;
  const facts = [
    element('span', { class: `status ${outcome}` }, entry.status === 0 ? 'no answer' : String(entry.status)),
    element('span', {}, durationText(entry.duration_ms)),
    element('span', {}, new Date(entry.at).toLocaleString()),
    element('span', {}, `session ${sessionText(entry.session)}`),
    entry.operation_id ? element('span', {}, entry.operation_id) : undefined,
    element('span', { class: 'muted' }, `request id ${entry.id}`),
  ];
  return [
    element('h3', { id: 'entry-title' }, `${entry.method} ${entry.url}`),
    element('p', { class: 'status-line' }, facts),
    entry.fault ? element('p', { class: 'status server-error' }, `Fault: ${entry.fault}`) : undefined,
    entry.ignored?.length > 0
      ? element(
          'p',
          { class: 'ignored' },
          `Ignored (as the vendor does): ${entry.ignored.map(({ kind, name }) => `${kind} ${name}`).join(', ')}`,
        )
      : undefined,
    element(
      'div',
      { class: 'actions' },
      element(
        'button',
        {
          type: 'button',
          onclick: () => replay(replayRequest(entry, apiBase)),
        },
        'Edit and send again',
      ),
      copyButton(
        'Copy as curl',
        () =>
          curlLine({ method: entry.method, url, headers: entry.request.headers, body: entry.request.body }),
        { small: false },
      ),
      element('button', { type: 'button', onclick: close }, 'Close'),
    ),
    messageView('Request', entry.request, { open: entry.request.body !== null }),
    messageView('Response', entry.response, { follow, apiBase }),
  ];
}

/**
 * The request journal: rows newest first, filters, pause, and one entry opened in full.
 * @example const journal = journalPanel({ client, apiBase, replay, follow }); journal.add(entry)
 */
export function journalPanel({ client, apiBase, replay, follow }) {
  const list = byId('journal-list');
  const details = byId('entry');
  const count = byId('journal-count');
  /** Newest first, at most KEPT. */
  let entries = [];
  const seen = new Set();
  let held = [];
  let opened;

  const filter = () => ({
    method: byId('journal-method').value,
    status: byId('journal-status').value,
    text: byId('journal-text').value.trim(),
    session: byId('journal-all-sessions').checked ? undefined : client.session,
  });
  const paused = () => byId('journal-pause').checked;

  const sayCount = () => {
    const shown = list.childElementCount;
    const failures = entries.filter(isFailure).length;
    const faulted = entries.filter(isFaulted).length;
    const waiting = held.length > 0 ? ` · paused, ${held.length} new` : '';
    const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
    count.textContent =
      entries.length === 0
        ? `No requests yet: send one above, or point your app at ${location.origin}${apiBase}.${waiting}`
        : `Showing ${shown} of ${plural(entries.length, 'request')} · ${plural(failures, 'failure')} · ` +
          `${faulted} touched by a fault${waiting}`;
  };

  const open = (entry) => {
    if (opened === entry.id) return close();
    opened = entry.id;
    for (const button of list.querySelectorAll('.entry')) {
      button.setAttribute('aria-expanded', String(button.dataset.id === entry.id));
    }
    details.replaceChildren(...detailsView(entry, { apiBase, replay, follow, close }).filter(Boolean));
  };

  function close() {
    const button = list.querySelector(`.entry[data-id="${CSS.escape(opened ?? '')}"]`);
    opened = undefined;
    details.replaceChildren();
    for (const row of list.querySelectorAll('.entry[aria-expanded="true"]'))
      row.setAttribute('aria-expanded', 'false');
    button?.focus();
  }

  const render = () => {
    const wanted = filter();
    list.replaceChildren(
      ...entries.filter((entry) => entryMatches(entry, wanted)).map((entry) => rowView(entry, open)),
    );
    if (opened !== undefined) {
      list.querySelector(`.entry[data-id="${CSS.escape(opened)}"]`)?.setAttribute('aria-expanded', 'true');
    }
    sayCount();
  };

  /** Keeps an entry (once), newest first; answers its place, or -1 when it was known or is the page's own. */
  const keep = (entry) => {
    if (seen.has(entry.id) || isControlPlane(entry.path ?? entry.url)) return -1;
    seen.add(entry.id);
    let at = 0;
    while (at < entries.length && entries[at].at > entry.at) at++;
    entries.splice(at, 0, entry);
    if (entries.length > KEPT) {
      const dropped = entries.pop();
      seen.delete(dropped.id);
      list.querySelector(`.entry[data-id="${CSS.escape(dropped.id)}"]`)?.parentElement?.remove();
    }
    return at;
  };

  /** A new entry from the feed: the newest usually, shown at the top without redrawing the rest. */
  const add = (entry) => {
    if (paused()) {
      if (!seen.has(entry.id) && !held.some((h) => h.id === entry.id)) held.push(entry);
      if (held.length > KEPT) held.shift();
      sayCount();
      return;
    }
    const at = keep(entry);
    if (at === -1) return;
    if (at !== 0) return render();
    if (entryMatches(entry, filter())) list.prepend(rowView(entry, open));
    sayCount();
  };

  /** Loads the journal of the session (or of every session) afresh. */
  const load = async () => {
    const names = byId('journal-all-sessions').checked
      ? ((await client.call('GET', 'sessions')) ?? []).map((session) => session.name)
      : [client.session];
    const lists = await Promise.all(
      names.map((name) => client.call('GET', 'requests?limit=200', { scoped: true, session: name })),
    );
    entries = [];
    seen.clear();
    for (const entry of lists.flat()) keep(entry);
    render();
  };

  /** Forgets the picked session's entries (its journal was cleared). */
  const forget = () => {
    entries = entries.filter((entry) => entry.session !== client.session);
    seen.clear();
    for (const entry of entries) seen.add(entry.id);
    if (opened !== undefined && !seen.has(opened)) close();
    render();
  };

  // Preflights are journaled too: OPTIONS is a method of the journal.
  appendOptions(byId('journal-method'), [...METHODS, 'OPTIONS']);
  // Escape closes the opened entry and gives the focus back to its row.
  byId('journal').addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && opened !== undefined) close();
  });
  byId('journal-filters').addEventListener('submit', (event) => event.preventDefault());
  for (const id of ['journal-method', 'journal-status', 'journal-text'])
    byId(id).addEventListener('input', render);
  byId('journal-all-sessions').addEventListener('change', () => void act(undefined, load));
  const clear = byId('journal-clear');
  clear.addEventListener('click', () =>
    act(clear, async () => {
      await client.call('DELETE', 'requests', { scoped: true });
      forget();
    }),
  );
  byId('journal-pause').addEventListener('change', () => {
    if (paused()) return sayCount();
    const waiting = held;
    held = [];
    for (const entry of waiting) keep(entry);
    render();
  });

  return {
    add,
    load,
    /** Shows the picked session's entries at once (the others' rows and the opened one go), before its journal loads. */
    refilter: () => {
      const shown = entries.find((entry) => entry.id === opened);
      if (shown !== undefined && !entryMatches(shown, filter())) close();
      render();
    },
    /** The newest request id of the picked session, for polling. */
    newestId: () => entries.find((entry) => entry.session === client.session)?.id,
  };
}
