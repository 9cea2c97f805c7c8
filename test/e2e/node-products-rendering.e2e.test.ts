import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { fixture, useNodeProductsMock, path, type Page } from '../support/node-products-client.js';

// How a node's products are rendered per language and host: prices, names, links, and cached pages.

const { get, base } = useNodeProductsMock();

describe('GET node products: language and prices', () => {
  const languages = [
    { header: 'de-DE', language: 'de-DE' },
    { header: 'fr;q=0.9, es', language: 'fr-FR' },
    { header: 'es-ES', language: 'en-US' },
    { header: '*', language: 'en-US' },
  ];
  it.each(languages)(
    'answers accept-language $header in $language, prices formatted for it',
    async ({ header, language }) => {
      const [answer, english] = await Promise.all([
        get(`${path()}?page[limit]=30`, { 'accept-language': header }),
        get(`${path()}?page[limit]=30`),
      ]);
      expect(answer.headers['content-language']).toBe(language);
      const currency = fixture.catalog.display_currency;
      const format = new Intl.NumberFormat(language, { style: 'currency', currency });
      const rate = 1 + fixture.catalog.tax_rate_bp / 10_000;
      answer.body.data.forEach((product, at) => {
        const meta = product.meta;
        expect(meta.language).toBe(language);
        const price = product.attributes.price[currency];
        const withTax = price?.includes_tax ? price.amount : Math.round((price?.amount ?? 0) * rate);
        expect(meta.display_price.with_tax.amount).toBe(withTax);
        expect(meta.display_price.with_tax.formatted).toBe(format.format(withTax / 100));
        expect(meta.display_price.without_tax.formatted).toBe(
          format.format(meta.display_price.without_tax.amount / 100),
        );
        const same = product.attributes.name === english.body.data[at]?.attributes.name;
        expect(same).toBe(language === 'en-US');
      });
    },
  );

  it('formats 1010 USD the way the contract says: $10.10 in en-US, 10,10 $ in de-DE', () => {
    expect(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(10.1)).toBe(
      '$10.10',
    );
    expect(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(10.1)).toBe(
      '10,10\u00a0$',
    );
  });
});

describe('GET node products: repeated requests', () => {
  // Pages are rendered once and served again (render and response caches): a repeat must give the same
  // bytes, and a cached answer for one language or host must never be served for another.
  const variants = [
    {
      name: 'en-US through the mock host',
      headers: {} as Record<string, string>,
      language: 'en-US',
      host: '',
    },
    {
      name: 'de-DE through the mock host',
      headers: { 'accept-language': 'de-DE' },
      language: 'de-DE',
      host: '',
    },
    {
      name: 'fr-FR through the mock host',
      headers: { 'accept-language': 'fr' },
      language: 'fr-FR',
      host: '',
    },
    {
      name: 'en-US through a proxy host',
      headers: { 'x-forwarded-host': 'shop.test:8080' },
      language: 'en-US',
      host: 'shop.test:8080',
    },
    {
      name: 'de-DE through a proxy host',
      headers: { 'x-forwarded-host': 'shop.test:8080', 'accept-language': 'de' },
      language: 'de-DE',
      host: 'shop.test:8080',
    },
  ];
  const target = () => `${path()}?page[limit]=30&include=component_products`;

  interface Raw {
    text: string;
    language: unknown;
  }
  async function raw(headers: Record<string, string>): Promise<Raw> {
    const response = await request(`${base()}${target()}`, { headers });
    return { text: await response.body.text(), language: response.headers['content-language'] };
  }

  it('answers each language and host with its own page, and a repeat with the same bytes', async () => {
    const first: Raw[] = [];
    for (const variant of variants) first.push(await raw(variant.headers));
    const again: Raw[] = [];
    for (const variant of [...variants].reverse()) again.unshift(await raw(variant.headers));
    expect(again).toEqual(first);
    expect(new Set(first.map((answer) => answer.text)).size).toBe(variants.length);
    variants.forEach((variant, at) => {
      const body = JSON.parse(first[at]?.text ?? '{}') as Page;
      const host = variant.host === '' ? new URL(base()).host : variant.host;
      expect(first[at]?.language).toBe(variant.language);
      expect(body.data.every((product) => product.meta.language === variant.language)).toBe(true);
      expect(new URL(body.links.self).host).toBe(host);
      const links = body.data.map((product) => (product.relationships.links as { self?: string }).self ?? '');
      expect(links.every((link) => new URL(link).host === host)).toBe(true);
    });
  });
});
