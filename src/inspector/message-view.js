import { linkOf } from './body-link.js';
import { copyButton } from './copy-button.js';
import { element } from './element.js';
import { jsonTokens, prettyBody } from './json-tokens.js';

/** Past this many characters a body is shown without colours: thousands of spans cost more than they help. */
const COLOURED_CHARS = 200_000;

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
    const link = token.kind === 'string' && follow ? linkOf(token.text, apiBase, location.href) : undefined;
    if (link === undefined) {
      pre.append(element('span', { class: `tok-${token.kind}` }, token.text));
    } else if (link.open !== undefined) {
      pre.append(
        element('a', { href: link.open, class: 'tok-string', target: '_blank', rel: 'noopener' }, token.text),
      );
    } else {
      const anchor = element(
        'a',
        { href: apiBase + link.follow, class: 'tok-string', title: `Send GET ${link.follow}` },
        token.text,
      );
      anchor.addEventListener('click', (event) => {
        event.preventDefault();
        follow(link.follow);
      });
      pre.append(anchor);
    }
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
