import { request } from 'undici';

/**
 * How many subscriptions the list at `url` (the mock's base URL) holds, read from the `last` link of a page of
 * one: every build of the mock sends that link, not every one sends `meta.results` (so a test counting this
 * way fails on an old build for what it tests, not for a missing member).
 * @example await listTotal(mock.url) // 22
 */
export async function listTotal(url: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await request(`${url}/subscriptions/subscriptions?page%5Blimit%5D=1`, { headers });
  const body = (await response.body.json()) as { data: unknown[]; links: { last: string | null } };
  if (response.statusCode !== 200) throw new Error(`the list answered ${response.statusCode}`);
  if (body.links.last === null) return body.data.length;
  return Number(new URL(body.links.last).searchParams.get('page[offset]')) + 1;
}
