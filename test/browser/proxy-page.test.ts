import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../faults/faults.js';
import { startProxiedMock, type ProxiedMock } from '../faults/proxied-mock.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { startProxyRun, type ProxyRun } from '../proxy/proxy-run.js';
import { chromiumMissing, launchChromium, type Browser } from './chromium.js';

// Issue 29: a small app in Chromium talks to a server through subcat proxy; its violations show on the proxy's page.

const missing = chromiumMissing();
if (missing !== undefined) console.warn(`proxy browser test skipped: ${missing}`);

const { catalog } = FIXTURE_IDS;
const NODE = `/catalogs/${catalog.catalog_id}/releases/latest/nodes/${catalog.node_id}/relationships/products`;

/** The app: lists subscriptions and a node's products from its API base (the proxy), as a storefront would. */
function appPage(api: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>shop</title></head><body>
<ul id="subscriptions"></ul><ul id="products"></ul>
<script>
const api = ${JSON.stringify(api)};
async function load() {
  const subs = await (await fetch(api + '/subscriptions/subscriptions?page[limit]=3&include=plans')).json();
  for (const s of subs.data) { const li = document.createElement('li'); li.textContent = s.id; document.getElementById('subscriptions').append(li); }
  const products = await (await fetch(api + ${JSON.stringify(`${NODE}?page[limit]=4`)}, { headers: { 'accept-language': 'fr-FR' } })).json();
  for (const p of products.data) { const li = document.createElement('li'); li.textContent = p.attributes.name; document.getElementById('products').append(li); }
  document.body.dataset.loaded = 'yes';
}
load();
</script></body></html>`;
}

let mock: ProxiedMock;
let proxy: ProxyRun;
let app: Server;
let appUrl: string;
let browser: Browser | undefined;

beforeAll(async () => {
  if (missing !== undefined) return;
  mock = await startProxiedMock();
  const draft = FAULTS.find((fault) => fault.name === 'draft-product-leaks');
  if (draft === undefined) throw new Error('no draft-product-leaks fault');
  mock.proxy.use(draft.handler());
  proxy = await startProxyRun(mock.proxy.url);
  app = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(appPage(proxy.url));
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  if (app !== undefined) await new Promise((resolve) => app.close(resolve));
  await proxy?.stop();
  await mock?.close();
});

describe("the proxy's page, in Chromium", () => {
  it("shows the app's exchanges, opens a violation to its rule, citation, answer and curl line", async ({
    skip,
  }) => {
    if (browser === undefined) return skip(missing ?? 'no browser');
    const shop = await browser.page(1024);
    await shop.page.goto(appUrl);
    await shop.page.waitForSelector('body[data-loaded="yes"]');
    // The app got the server's answers through the proxy (CORS and all).
    expect(await shop.page.locator('#products li').count()).toBe(4);
    expect(shop.errors).toEqual([]);

    const { page, errors } = await browser.page(1280);
    await page.goto(`${proxy.url}/`);
    const broken = page.locator('tr.broken');
    await broken.first().waitFor();
    expect(await page.locator('#exchanges tr').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('tr.ok').count()).toBeGreaterThanOrEqual(1);
    await broken.first().click();
    const details = page.locator('#violations');
    await details.locator('.violation').first().waitFor();
    const text = await details.innerText();
    expect(text).toContain('only products in live status are returned');
    expect(text).toContain('Only live products are returned by the node products operation.');
    expect(text).toContain('"status":"draft"');
    expect(text).toMatch(/curl .*relationships\/products/);
    expect(errors).toEqual([]);
  });
});
