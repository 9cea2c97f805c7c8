import { describe, expect, it } from 'vitest';
import { linkOf } from './body-link.js';

const PAGE = 'http://127.0.0.1:4010/v2/__subcat/';
const quoted = (text: string) => JSON.stringify(text);

describe('linkOf', () => {
  const cases = [
    { title: 'a list link of the mock is followed', text: 'http://127.0.0.1:4010/v2/subscriptions/subscriptions?page%5Boffset%5D=25', link: { follow: '/subscriptions/subscriptions?page%5Boffset%5D=25' } },
    { title: 'a node products path is followed', text: '/v2/catalogs/c/releases/latest/nodes/n/relationships/products', link: { follow: '/catalogs/c/releases/latest/nodes/n/relationships/products' } },
    { title: 'a path no GET serves is text', text: '/v2/subscriptions/subscriptions/3fa85f64-5717-4562-b3fc-2c963f66afa6', link: undefined },
    { title: 'a placeholder image opens in a new tab', text: 'http://127.0.0.1:4010/v2/__subcat/assets/house-blend.svg', link: { open: 'http://127.0.0.1:4010/v2/__subcat/assets/house-blend.svg' } },
    { title: 'an error detail starting with a slash is text', text: '/data/account_id is required', link: undefined },
    { title: 'a JSON pointer is text', text: '/data/attributes/plan_id', link: undefined },
    { title: 'a path outside the base URL is text', text: '/subscriptions/subscriptions', link: undefined },
    { title: 'another origin is text', text: 'http://evil.test/v2/subscriptions/subscriptions', link: undefined },
    { title: 'an admin path is text', text: '/v2/__subcat/requests', link: undefined },
    { title: 'a word is text', text: 'subscription', link: undefined },
  ]; // prettier-ignore
  it.each(cases)('$title', ({ text, link }) => {
    expect(linkOf(quoted(text), '/v2', PAGE)).toEqual(link);
  });

  it('leaves a detail starting with a slash as text on a mock without a base path too (issue 28)', () => {
    const page = 'http://127.0.0.1:4010/__subcat/';
    expect(linkOf(quoted('/data/account_id is required'), '', page)).toBeUndefined();
    expect(linkOf(quoted('/data/account_id'), '', page)).toBeUndefined();
    expect(linkOf(quoted('/subscriptions/subscriptions'), '', page)).toEqual({
      follow: '/subscriptions/subscriptions',
    });
  });
});
