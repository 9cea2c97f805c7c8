import { copyButton } from './copy-button.js';
import { element } from './element.js';
import { jsonTokens, prettyBody } from './json-tokens.js';

/** Past this many characters a body is shown without colours: thousands of spans cost more than they help. */
const COLOURED_CHARS = 200_000;

/** A URL in a body that the page can follow: one of the mock's own, given back as a path below the base URL. */
function followable(text, apiBase) {
  const raw = text.slice(1, -1);
  if (!/^(https?:\/\/|\/)/.test(raw)) return undefined;
  let url;
  try {
    url = new URL(raw, location.href);
  } catch {
    return undefined;
  }
  if (url.origin !== location.origin || !url.pathname.startsWith(`${apiBase}/`)) return undefined;
  if (url.pathname.startsWith(`${apiBase}/__subcat/`)) return undefined;
  return url.pathname.slice(apiBase.length) + url.search;
}

/** Pretty JSON with coloured tokens; the mock's own links become links that `follow` a path. */
function jsonBody(text, follow, apiBase) {
  const pre = element('pre', { class: 'body', tabindex: '0' });
  if (text.length > COLOURED_CHARS) {
    pre.textContent = text;
    return pre;
  }
  for (const token of jsonTokens(text)) {
    if (token.kind === 'plain') {
      pre.append(token.text);
      continue;
    }
    const path = token.kind === 'string' && follow ? followable(token.text, apiBase) : undefined;
    if (path === undefined) {
      pre.append(element('span', { class: `tok-${token.kind}` }, token.text));
      continue;
    }
    const link = element(
      'a',
      { href: apiBase + path, class: 'tok-string', title: `Send GET ${path}` },
      token.text,
    );
    link.addEventListener('click', (event) => {
      event.preventDefault();
      follow(path);
    });
    pre.append(link);
  }
  return pre;
}

/** Headers as a name/value list. */
export function headerList(headers) {
  const list = element('dl', { class: 'headers' });
  for (const [name, value] of Object.entries(headers ?? {})) {
    list.append(element('dt', {}, name), element('dd', {}, String(value)));
  }
  return list;
}

/**
 * A request's or response's headers and body, the body pretty-printed when it is JSON.
 * @example messageView('Response', { headers, body, truncated: false }, { follow: send, apiBase: '' })
 */
export function messageView(title, message, { follow, apiBase = '', open = true } = {}) {
  const shown = prettyBody(message.body);
  const headerCount = Object.keys(message.headers ?? {}).length;
  const parts = [];
  if (headerCount > 0) {
    parts.push(
      element('details', {}, element('summary', {}, `${headerCount} headers`), headerList(message.headers)),
    );
  }
  if (shown.text === '') parts.push(element('p', { class: 'muted' }, 'No body.'));
  else {
    parts.push(
      shown.json
        ? jsonBody(shown.text, follow, apiBase)
        : element('pre', { class: 'body', tabindex: '0' }, shown.text),
    );
    parts.push(
      element(
        'div',
        { class: 'actions' },
        copyButton('Copy body', () => shown.text, { name: `Copy the ${title.toLowerCase()} body` }),
      ),
    );
  }
  if (message.truncated)
    parts.push(element('p', { class: 'muted' }, 'The journal keeps the first 16 KiB of this body.'));
  return element(
    'details',
    { class: 'message', open },
    element('summary', {}, title),
    element('div', { class: 'message-body' }, parts),
  );
}
