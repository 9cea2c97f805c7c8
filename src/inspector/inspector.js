import { showAbout } from './about-panel.js';
import { AdminClient } from './admin-client.js';
import { byId, element } from './element.js';
import { examplesPanel } from './examples-panel.js';
import { faultsPanel } from './faults-panel.js';
import { showIds } from './ids-panel.js';
import { followJournal } from './journal-feed.js';
import { isControlPlane } from './journal-text.js';
import { journalPanel } from './journal-panel.js';
import { limitsFromSpec } from './limits-from-spec.js';
import { act, showProblem } from './notice.js';
import { sessionFromQuery, sessionQuery } from './session-name.js';
import { sessionPicker } from './session-picker.js';
import { statePanel } from './state-panel.js';

/** Where the page keeps an admin token for this tab (never in the address, never in localStorage). */
const TOKEN_KEY = 'subcat-admin-token';

/** What the feed indicator says for each mode. */
const MODES = {
  live: 'live',
  polling: 'polling every 2 s',
  reconnecting: 'reconnecting…',
  offline: 'the mock does not answer',
};

/** Asks for the admin token when the control plane answers 403 (the mock listens beyond loopback), saying why. */
function askToken(client, error) {
  const input = element('input', { id: 'admin-token', type: 'password', autocomplete: 'off' });
  const form = element(
    'form',
    { class: 'inline-form' },
    element('div', { class: 'field grow' }, element('label', { for: 'admin-token' }, 'Admin token'), input),
    element('button', { type: 'submit' }, 'Use token'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    client.token = input.value.trim();
    sessionStorage.setItem(TOKEN_KEY, client.token);
    location.reload();
  });
  const notice = byId('notice');
  notice.replaceChildren(
    element('p', {}, error.message),
    element('p', {}, 'Beyond loopback the control plane needs the admin token the mock was started with.'),
    form,
  );
  notice.hidden = false;
}

/** The control plane's limits, from the OpenAPI document it serves (`{admin}openapi.json`, open to every caller). */
async function loadLimits(admin) {
  let response;
  try {
    response = await fetch(`${admin}openapi.json`, {
      headers: { accept: 'application/json' },
      credentials: 'omit',
    });
  } catch {
    throw new Error(`GET ${admin}openapi.json: no answer; the page cannot check its forms without it`);
  }
  if (!response.ok)
    throw new Error(
      `GET ${admin}openapi.json: ${response.status}; the page cannot check its forms without it`,
    );
  try {
    return limitsFromSpec(await response.json());
  } catch (error) {
    throw new Error(`GET ${admin}openapi.json: ${error instanceof Error ? error.message : 'not JSON'}`, {
      cause: error,
    });
  }
}

/** Puts the limits on the form fields: the browser then checks names and numbers as the control plane would. */
function limitFields(limits) {
  for (const input of [byId('session-new'), byId('snapshot-name')]) {
    input.title = limits.nameRule;
    input.addEventListener('input', () =>
      input.setCustomValidity(input.value === '' || limits.name.test(input.value) ? '' : limits.nameRule),
    );
  }
  const numbers = {
    'fault-status': limits.status,
    'fault-retry-after': limits.retryAfter,
    'fault-times': limits.times,
    'fault-probability': limits.probability,
    'fault-seed': limits.seed,
  };
  for (const [id, { min, max }] of Object.entries(numbers)) {
    byId(id).min = String(min);
    byId(id).max = String(max);
  }
}

/**
 * Starts the inspector: `admin` is the control plane's base path, e.g. `/__subcat/` or `/v2/__subcat/`.
 * @example import('/__subcat/inspector.js').then((inspector) => inspector.start('/__subcat/'))
 */
export async function start(admin) {
  let limits;
  try {
    limits = await loadLimits(admin);
  } catch (error) {
    return showProblem(error);
  }
  limitFields(limits);
  const client = new AdminClient(admin);
  client.session = sessionFromQuery(location.search, limits.name);
  client.token = sessionStorage.getItem(TOKEN_KEY) ?? '';
  const apiBase = admin.slice(0, -'/__subcat/'.length);

  let examplesShown = false;
  const refresh = async () => {
    const [info, sessions, snapshots, rules] = await Promise.all([
      client.call('GET', 'info', { scoped: true }),
      client.call('GET', 'sessions'),
      client.call('GET', 'snapshots', { scoped: true }),
      client.call('GET', 'faults'),
    ]);
    showAbout(info, admin);
    picker.show(sessions ?? []);
    state.show(info, snapshots ?? []);
    faults.show(rules ?? [], info.delay ?? null);
    if (!examplesShown) {
      examples.show(info.examples ?? []);
      showIds(info.ids ?? {});
      examplesShown = true;
    }
  };
  let pending;
  /** Refreshes at most about six times a second while requests come: counts and fault tallies move with each. */
  const refreshSoon = () => {
    pending ??= setTimeout(() => {
      pending = undefined;
      void refresh().catch(showProblem);
    }, 150);
  };

  const examples = examplesPanel({ client, apiBase });
  const replay = (request) => {
    examples.load(request);
    byId('composer-path').focus();
    byId('try').scrollIntoView({ block: 'start' });
  };
  const journal = journalPanel({
    client,
    apiBase,
    replay,
    follow: (path) => replay({ method: 'GET', path }),
  });
  const state = statePanel({ client, refresh });
  const faults = faultsPanel({ client, refresh, limits });
  const pick = async (name) => {
    client.session = name;
    history.replaceState(null, '', location.pathname + sessionQuery(name) + location.hash);
    // What belonged to the other session goes: its opened entry, the answer shown from it.
    byId('response').replaceChildren();
    journal.refilter();
    await act(undefined, () => Promise.all([refresh(), journal.load()]));
  };
  const picker = sessionPicker({ client, pick, limits });

  // The journal's feed opens while the state loads: the page is ready once both are there.
  let journalLoaded;
  const journalReady = new Promise((resolve) => (journalLoaded = resolve));
  const feedMode = byId('feed');
  const feed = followJournal(client, {
    entry: (entry) => {
      journal.add(entry);
      // A faulted request moves a rule's tally: shown with the entry, not a moment after.
      if (entry.fault) void refresh().catch(showProblem);
      else if (!isControlPlane(entry.path ?? entry.url)) refreshSoon();
    },
    mode: (mode) => {
      feedMode.dataset.mode = mode;
      feedMode.textContent = MODES[mode] ?? mode;
      if (mode === 'polling') journalLoaded();
    },
    opened: () => void journal.load().catch(showProblem).finally(journalLoaded),
    newestId: journal.newestId,
  });
  try {
    await refresh();
  } catch (error) {
    if (error?.status === 403) {
      feed.stop();
      return askToken(client, error);
    }
    showProblem(error);
  }
  await journalReady;
  document.body.dataset.ready = 'true';
}
