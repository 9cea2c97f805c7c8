import { copyButton } from './copy-button.js';
import { curlLine } from './curl-line.js';
import { appendOptions, byId, element } from './element.js';
import { headerLines } from './header-lines.js';
import { durationText, outcomeOf } from './journal-text.js';
import { messageView } from './message-view.js';
import { METHODS, OPERATIONS, operationOf } from './operations.js';

/** Methods that carry a body in the four operations. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** The composer's request as fetch and curl need it; throws on headers that are not headers. */
function composedRequest(apiBase, session) {
  const method = byId('composer-method').value;
  const typed = byId('composer-path').value.trim();
  const path = typed.startsWith('/') ? typed : `/${typed}`;
  const { headers, problems } = headerLines(byId('composer-headers').value);
  if (problems.length > 0) throw new Error(problems.join('; '));
  const body = WITH_BODY.has(method) ? byId('composer-body').value : '';
  if (body.trim() !== '' && headers['content-type'] === undefined)
    headers['content-type'] = 'application/json';
  if (session !== '' && headers['x-subcat-session'] === undefined) headers['x-subcat-session'] = session;
  return { method, path, url: apiBase + path, headers, body: body.trim() === '' ? undefined : body };
}

/** The answer as a status line (announced), the headers and the pretty body. */
function answerView(request, response, text, ms, follow, apiBase) {
  const outcome = outcomeOf(response.status);
  const headers = Object.fromEntries(response.headers.entries());
  return [
    element(
      'p',
      { class: 'status-line', role: 'status' },
      element('span', { class: `status ${outcome}` }, `${response.status} ${response.statusText}`),
      element('span', { class: 'muted' }, `${request.method} ${request.path}`),
      element('span', { class: 'muted' }, durationText(ms)),
      headers['x-request-id']
        ? element('span', { class: 'muted' }, `request id ${headers['x-request-id']}`)
        : undefined,
    ),
    messageView('Response', { headers, body: text, truncated: false }, { follow, apiBase }),
  ];
}

/** What to say when no answer came: cancelled, or the connection went away (a fault, or the mock stopped). */
function noAnswerView(request, error) {
  const cancelled = error?.name === 'AbortError';
  return element(
    'p',
    { class: 'status-line', role: 'status' },
    element('span', { class: 'status no-answer' }, cancelled ? 'Cancelled' : 'No answer'),
    element('span', { class: 'muted' }, `${request.method} ${request.path}`),
    cancelled
      ? undefined
      : element('span', {}, 'the connection was reset or cut (a fault rule, or the mock stopped)'),
  );
}

/**
 * The four operations with their example requests, and the composer that sends them from the page.
 * @example const panel = examplesPanel({ client, apiBase: '' }); panel.show(info.examples)
 */
export function examplesPanel({ client, apiBase }) {
  const form = byId('composer');
  const cancel = byId('composer-cancel');
  const out = byId('response');
  let inFlight;

  appendOptions(byId('composer-method'), [...METHODS, 'OPTIONS']);
  const showBodyField = () => {
    byId('composer-body-field').hidden = !WITH_BODY.has(byId('composer-method').value);
  };

  /** The session a replayed request belongs to (undefined: the picked one). */
  let loadedSession;

  /** Puts a request in the composer; a replay names its own session. */
  const load = ({ method, path, body, headers, session }) => {
    loadedSession = session;
    byId('composer-method').value = method.toUpperCase();
    byId('composer-path').value = path;
    byId('composer-body').value =
      body === undefined || body === null
        ? ''
        : typeof body === 'string'
          ? body
          : JSON.stringify(body, null, 2);
    byId('composer-headers').value = Object.entries(headers ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
    showBodyField();
  };

  const send = async () => {
    let request;
    try {
      request = composedRequest(apiBase, loadedSession ?? client.session);
    } catch (error) {
      out.replaceChildren(element('p', { class: 'problems', role: 'alert' }, error.message));
      return;
    }
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    cancel.hidden = false;
    out.replaceChildren(
      element('p', { class: 'muted', role: 'status' }, `Sending ${request.method} ${request.path}…`),
    );
    const started = performance.now();
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        cache: 'no-store',
        // As its curl line shows it: the picked session's header, never the app's session cookie.
        credentials: 'omit',
      });
      const text = await response.text();
      if (inFlight !== controller) return;
      out.replaceChildren(
        ...answerView(request, response, text, performance.now() - started, follow, apiBase),
      );
    } catch (error) {
      if (inFlight === controller) out.replaceChildren(noAnswerView(request, error));
    } finally {
      if (inFlight === controller) {
        inFlight = undefined;
        cancel.hidden = true;
      }
    }
  };

  /** Follows one of the mock's links from a response body: a GET of that path. */
  const follow = (path) => {
    load({ method: 'GET', path });
    void send();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
  cancel.addEventListener('click', () => inFlight?.abort());
  byId('composer-method').addEventListener('change', showBodyField);
  byId('composer-curl').replaceWith(
    copyButton(
      'Copy as curl',
      () => {
        const request = composedRequest(apiBase, loadedSession ?? client.session);
        return curlLine({ ...request, url: new URL(request.url, location.href).href });
      },
      { small: false },
    ),
  );
  showBodyField();

  /** The operations, each with its examples as buttons; a click loads the example and sends it. */
  const show = (examples) => {
    const groups = OPERATIONS.map((operation) => ({ operation, examples: [] }));
    const others = [];
    for (const example of examples ?? []) {
      const operation = operationOf(example.method, example.path);
      (groups.find((group) => group.operation === operation)?.examples ?? others).push(example);
    }
    const exampleButton = (example) =>
      element(
        'li',
        {},
        element(
          'button',
          {
            type: 'button',
            class: 'example',
            title: `${example.method} ${example.path}`,
            onclick: () => {
              load(example);
              void send();
            },
          },
          element('span', { class: 'method' }, example.method),
          ' ',
          example.title,
        ),
      );
    const operationView = ({ operation, examples: list }) =>
      element(
        'div',
        { class: 'operation', 'data-operation': operation.id },
        element('h3', {}, operation.title),
        element('code', { class: 'template' }, `${operation.method} ${operation.template}`),
        list.length === 0
          ? element('p', { class: 'muted' }, 'No example for this one: fill the composer below.')
          : element('ul', { class: 'examples' }, list.map(exampleButton)),
      );
    const views = groups.map(operationView);
    if (others.length > 0) {
      views.push(
        element(
          'div',
          { class: 'operation' },
          element('h3', {}, 'Other requests'),
          element('ul', { class: 'examples' }, others.map(exampleButton)),
        ),
      );
    }
    byId('operations').replaceChildren(...views);
  };

  return { show, load, send };
}
