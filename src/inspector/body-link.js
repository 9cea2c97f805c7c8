import { operationOf } from './operations.js';

/**
 * What a JSON string of a body (quotes included) is to the page at `pageHref`: a path one of the GET
 * operations serves (below the base URL) to follow in the composer, a placeholder image of the mock to open in
 * a new tab, or nothing. Only a whole URL or path is a link, never a detail that starts with `/` (issue 28:
 * "/data/account_id is required" was a link), nor a pointer no operation serves.
 * @example linkOf('"/subscriptions/subscriptions?page%5Boffset%5D=25"', '', 'http://127.0.0.1:4010/') // { follow: '/subscriptions/subscriptions?page%5Boffset%5D=25' }
 */
export function linkOf(text, apiBase, pageHref) {
  const raw = text.slice(1, -1);
  if (!/^(https?:\/\/|\/)\S*$/.test(raw)) return undefined;
  let url;
  try {
    url = new URL(raw, pageHref);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(pageHref).origin || !url.pathname.startsWith(`${apiBase}/`)) return undefined;
  if (url.pathname.startsWith(`${apiBase}/__subcat/assets/`)) return { open: url.href };
  const path = url.pathname.slice(apiBase.length);
  return operationOf('GET', path) === undefined ? undefined : { follow: path + url.search };
}
