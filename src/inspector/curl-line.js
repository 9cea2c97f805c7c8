/** Headers a replay should not repeat: curl sets them itself, or they belong to the browser's connection. */
export const LEFT_OUT =
  /^(host|connection|content-length|transfer-encoding|accept-encoding|keep-alive|sec-|user-agent$|origin$|referer$)/i;

/** One shell word, single-quoted when it needs quoting. */
function quote(word) {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command that repeats a request, for a POSIX shell (`-g` so `page[limit]` is not globbed).
 * @example curlLine({ method: 'GET', url: 'http://127.0.0.1:4010/subscriptions/subscriptions' })
 * // "curl -g http://127.0.0.1:4010/subscriptions/subscriptions"
 */
export function curlLine({ method, url, headers = {}, body }) {
  const words = ['curl', '-g'];
  if (method !== 'GET' || (body !== undefined && body !== null && body !== '')) words.push('-X', method);
  words.push(quote(url));
  for (const [name, value] of Object.entries(headers)) {
    if (!LEFT_OUT.test(name)) words.push('-H', quote(`${name}: ${value}`));
  }
  if (body !== undefined && body !== null && body !== '') words.push('--data-raw', quote(body));
  return words.join(' ');
}
