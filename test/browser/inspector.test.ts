import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { packageRoot } from '../../src/package-root.js';
import { FIXTURE_IDS } from '../support/fixture-ids.js';
import { listTotal } from '../support/list-total.js';
import { createBody, SUBSCRIPTIONS } from '../support/mock-client.js';
import { chromiumMissing, distinctColours, launchChromium, type Browser } from './chromium.js';
import {
  expectNoConsoleErrors,
  FOCUSED,
  openInspector,
  PAGE_WIDTHS,
  shownSubscriptions,
  UNLABELLED,
  type OpenedInspector,
} from './inspector-page.js';

// Issue 14 parts 1, 3 and 4: the mock's inspector, driven in a real Chromium as a front-end developer would.

const screenshots = join(packageRoot(), 'reports', 'screenshots');
const missing = chromiumMissing();
if (missing !== undefined) console.warn(`inspector browser tests skipped: ${missing}`);

let browser: Browser | undefined;
let mock: RunningMock;
const pages: Page[] = [];

beforeAll(async () => {
  if (missing !== undefined) return;
  [mock, browser] = await Promise.all([
    startMock({ port: 0, seed: 3, subscriptions: 40, products: 30, logLevel: 'silent' }),
    launchChromium(),
    mkdir(screenshots, { recursive: true }),
  ]);
});

afterEach(async () => {
  await Promise.all(pages.splice(0).map((page) => page.close()));
  if (browser === undefined) return;
  mock.clearFaults();
  mock.reset();
});

afterAll(async () => {
  await browser?.close();
  await mock?.close();
});

/** The inspector at `path` of the mock; the test skips (saying why) without Chromium. */
async function open(skip: (note: string) => void, width = 1280, path = '/'): Promise<OpenedInspector> {
  if (browser === undefined) {
    skip(missing ?? 'no browser');
    throw new Error('unreachable');
  }
  const opened = await openInspector(browser, mock.url + path, width);
  pages.push(opened.page);
  return opened;
}

/** A create of the contract, as an app would send it (optionally in a session). */
function create(headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${mock.url}${SUBSCRIPTIONS}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(createBody('Ada Lovelace')),
  });
}

const list = () => fetch(`${mock.url}${SUBSCRIPTIONS}?page[limit]=1`);

describe('the inspector, in Chromium', () => {
  it('lists the four operations, sends examples on a click, shows the answers pretty-printed and copies an id', async ({
    skip,
  }) => {
    const { page, errors } = await open(skip);
    expect(await page.locator('#operations .operation h3').allTextContents()).toEqual([
      'List subscriptions',
      'Create a subscription',
      'Update a subscription',
      "Get a node's products",
    ]);
    expect(await page.locator('[data-operation=getNodeProducts] button.example').count()).toBeGreaterThan(0);
    await page.locator('[data-operation=listSubscriptions] button.example').first().click();
    await page.locator('#response .status.ok').waitFor();
    expect(await page.locator('#response .status').textContent()).toBe('200 OK');
    const body = await page.locator('#response pre.body').textContent();
    expect(body).toMatch(/^\{\n {2}"/);
    expect(body).toContain('\n  "data": [\n');
    expect(await page.locator('#response pre.body .tok-key').count()).toBeGreaterThan(10);
    // The request went through the mock's journal and shows there, live.
    await page.locator('#journal-list .entry', { hasText: 'page[limit]=5' }).first().waitFor();
    expect(await page.locator('#feed').getAttribute('data-mode')).toBe('live');
    // The answer's own links are followed in the page: the next page.
    await page.locator('#response pre.body a', { hasText: 'page%5Boffset%5D=5&' }).first().click();
    await expect.poll(() => page.locator('#composer-path').inputValue()).toContain('page%5Boffset%5D=5&');
    await page.locator('#response .status.ok').waitFor();

    // A create from its example: the 201, and the session's count moves.
    const before = await shownSubscriptions(page);
    await page.locator('[data-operation=createSubscription] button.example').first().click();
    await page.locator('#response .status.ok').waitFor();
    expect(await page.locator('#response .status').textContent()).toBe('201 Created');
    await expect.poll(() => shownSubscriptions(page)).toBe(before + 1);

    // A fixed id goes to the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    expect(await page.locator('#id-list dt').count()).toBeGreaterThanOrEqual(15);
    await page.getByRole('button', { name: 'Copy subscriptions.subscription_id' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(
      FIXTURE_IDS.subscriptions.subscription_id,
    );
    expectNoConsoleErrors(errors);
  });

  it('adds a fault through its form, shows the failing request in the journal, removes the rule, sets a delay', async ({
    skip,
  }) => {
    const { page, errors } = await open(skip);
    await page.locator('#fault-form-box summary').click();
    await page.getByLabel('Operation', { exact: true }).selectOption('listSubscriptions');
    await page.getByLabel('Action', { exact: true }).selectOption('status');
    await page.getByLabel('Status (400-599)').fill('503');
    await page.getByRole('button', { name: 'Add rule' }).click();
    const rule = page.locator('#fault-list li[data-fault]');
    await rule.waitFor();
    expect(await rule.textContent()).toMatch(/List subscriptions: answer 503/);

    // The app's request fails; the journal shows it highlighted, with the fault and the error body.
    expect((await list()).status).toBe(503);
    const failed = page.locator('#journal-list .entry.failed[data-status="503"]');
    await failed.waitFor();
    expect(await failed.locator('.fault').textContent()).toMatch(/503/);
    await failed.click();
    await page.locator('#entry h3').waitFor();
    expect(await page.locator('#entry').textContent()).toMatch(/Fault: /);
    expect(await page.locator('#entry .message').last().textContent()).toMatch(/fault rule/);
    await page.keyboard.press('Escape');
    expect(await page.locator('#entry').textContent()).toBe('');
    expect(await failed.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true);
    await expect.poll(async () => rule.textContent()).toMatch(/matched 1, acted on 1/);
    await page.getByLabel('Status', { exact: true }).selectOption('failures');
    expect(await page.locator('#journal-list .entry').count()).toBe(1);

    await rule.getByRole('button', { name: /^Remove rule / }).click();
    await page.locator('#fault-list li.empty').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('');

    // Paused, the journal holds new requests back and says how many; cleared, it is empty.
    await page.getByLabel('pause').check();
    const rows = await page.locator('#journal-list .entry').count();
    expect((await list()).status).toBe(200);
    await expect.poll(() => page.locator('#journal-count').textContent()).toMatch(/paused, 1 new/);
    expect(await page.locator('#journal-list .entry').count()).toBe(rows);
    await page.getByLabel('pause').uncheck();
    await expect.poll(() => page.locator('#journal-list .entry').count()).toBe(rows + 1);
    await page.getByRole('button', { name: 'Clear journal' }).click();
    await expect.poll(() => page.locator('#journal-list .entry').count()).toBe(0);
    expect(await page.locator('#journal-count').textContent()).toMatch(/^No requests yet/);

    await page.getByLabel(/^Delay of every answer/).fill('20-40');
    await page.getByRole('button', { name: 'Set delay' }).click();
    await expect.poll(() => page.locator('#delay-now').textContent()).toMatch(/20–40 ms/);
    const started = performance.now();
    expect((await list()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(19);
    await page.getByRole('button', { name: 'No delay' }).click();
    await expect.poll(() => page.locator('#delay-now').textContent()).toMatch(/waits: none/);
    expectNoConsoleErrors(errors);
  });

  it("replays an entry as it was sent, in its session; labels are unique; a session switch closes the other's entry", async ({
    skip,
  }) => {
    const { page, errors } = await open(skip, 1280, '/?session=worker-9');
    const id = FIXTURE_IDS.subscriptions.subscription_id;
    const sent = await fetch(`${mock.url}${SUBSCRIPTIONS}/${id}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'fr-FR',
        'x-subcat-session': 'worker-9',
      },
      body: JSON.stringify({ data: { id, type: 'subscription', attributes: {} } }),
    });
    expect(sent.status).toBe(200);
    const row = page.locator('#journal-list .entry', { hasText: 'PUT' });
    await row.first().click();
    await page.getByRole('button', { name: 'Edit and send again' }).click();
    expect(await page.locator('#composer-method').inputValue()).toBe('PUT');
    expect(await page.locator('#composer-path').inputValue()).toBe(`${SUBSCRIPTIONS}/${id}`);
    const headers = await page.locator('#composer-headers').inputValue();
    expect(headers).toContain('accept-language: fr-FR');
    expect(headers).toContain('x-subcat-session: worker-9');
    expect(await page.locator('#composer-body').inputValue()).toMatch(/^\{\n {2}"data": \{\n/);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('#response .status.ok').waitFor();
    const [replayed] = mock.session('worker-9').requests({ method: 'PUT', limit: 1 });
    expect(replayed?.request.headers['accept-language']).toBe('fr-FR');
    expect(replayed?.request.body).toMatch(/^\{\n {2}"data"/);

    const labels = await page
      .locator('label')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent?.replace(/\s+/g, ' ').trim() ?? ''));
    expect(labels.filter((label, at) => labels.indexOf(label) !== at)).toEqual([]);

    await page.locator('#journal-list .entry', { hasText: 'PUT' }).first().click();
    await page.locator('#entry h3').waitFor();
    await page.locator('#session-select').selectOption('');
    await expect.poll(() => page.locator('#entry').textContent()).toBe('');
    expect(await page.locator('#response').textContent()).toBe('');
    expectNoConsoleErrors(errors);
  });

  it('resets to the seeded count, and takes, restores and deletes a snapshot', async ({ skip }) => {
    const { page, errors } = await open(skip);
    const seeded = await shownSubscriptions(page);
    await page.getByLabel('Name', { exact: true }).fill('before');
    await page.getByRole('button', { name: 'Take snapshot' }).click();
    await page.locator('#snapshots li[data-snapshot=before]').waitFor();

    for (let i = 0; i < 3; i++) expect((await create()).status).toBe(201);
    await expect.poll(() => shownSubscriptions(page)).toBe(seeded + 3);
    await page.getByRole('button', { name: 'Restore before' }).click();
    await expect.poll(() => shownSubscriptions(page)).toBe(seeded);

    expect((await create()).status).toBe(201);
    await expect.poll(() => shownSubscriptions(page)).toBe(seeded + 1);
    await page.getByRole('button', { name: 'Reset to the seed' }).click();
    await expect.poll(() => shownSubscriptions(page)).toBe(seeded);
    // The list the app sees is back to the seeded count too.
    await page.locator('[data-operation=listSubscriptions] button.example').first().click();
    await page.locator('#response .status.ok').waitFor();
    expect(await page.locator('#response pre.body').textContent()).toContain(`"total": ${seeded}`);

    await page.getByRole('button', { name: 'Delete before' }).click();
    await page.locator('#snapshots li.empty').waitFor();
    expectNoConsoleErrors(errors);
  });

  it('switches session: its own count and journal, its header shown, back to the default one', async ({
    skip,
  }) => {
    const { page, errors } = await open(skip);
    const seeded = await shownSubscriptions(page);
    await page.getByLabel('New session').fill('worker-1');
    await page.getByRole('button', { name: 'Use' }).click();
    await page.waitForURL(/\?session=worker-1$/);
    await expect.poll(() => page.locator('#session-select').inputValue()).toBe('worker-1');
    expect(await page.locator('#session-hint').textContent()).toContain('x-subcat-session: worker-1');

    expect((await create({ 'x-subcat-session': 'worker-1' })).status).toBe(201);
    await expect.poll(() => shownSubscriptions(page)).toBe(seeded + 1);
    const row = page.locator('#journal-list .entry', { hasText: 'worker-1' });
    await row.waitFor();
    expect(await row.locator('.method').textContent()).toBe('POST');

    await page.locator('#session-select').selectOption('');
    await expect.poll(() => shownSubscriptions(page)).toBe(seeded);
    await expect.poll(() => page.locator('#journal-list .entry', { hasText: 'worker-1' }).count()).toBe(0);
    expect(await page.locator('#session-hint').isHidden()).toBe(true);
    await page.getByLabel('all sessions').check();
    await page.locator('#journal-list .entry', { hasText: 'worker-1' }).waitFor();
    expectNoConsoleErrors(errors);
  });

  it("acts on the session it shows, never on the app's subcat-session cookie of the same origin", async ({
    skip,
  }) => {
    if (missing !== undefined) return skip(missing); // the mock starts only beside a browser
    // Three counts apart: the default session (seeded), the app's in its cookie (+1), the picked one (+2).
    const seeded = await listTotal(mock.url);
    expect((await create({ cookie: 'subcat-session=app' })).status).toBe(201);
    for (const _ of [1, 2]) expect((await create({ 'x-subcat-session': 'worker-2' })).status).toBe(201);
    await browser?.context.addCookies([{ name: 'subcat-session', value: 'app', url: mock.url }]);
    try {
      const { page, errors } = await open(skip, 1280, '/?session=worker-2');
      await expect.poll(() => shownSubscriptions(page)).toBe(seeded + 2);
      await page.locator('#session-select').selectOption('');
      await expect.poll(() => shownSubscriptions(page)).toBe(seeded);
      // An example sent from the page goes to the default session too, as its curl line says.
      await page.locator('[data-operation=createSubscription] button.example').first().click();
      await page.locator('#response .status.ok').waitFor();
      expect(await page.locator('#response .status').textContent()).toBe('201 Created');
      await expect.poll(() => shownSubscriptions(page)).toBe(seeded + 1);
      expect(await listTotal(mock.url, { 'x-subcat-session': 'app' })).toBe(seeded + 1);
      await page.locator('#session-select').selectOption('app');
      await expect.poll(() => shownSubscriptions(page)).toBe(seeded + 1);
      expectNoConsoleErrors(errors);
    } finally {
      await browser?.context.clearCookies();
    }
  });

  it('is the same page at /__subcat/, links its documents, and is reached with the keyboard', async ({
    skip,
  }) => {
    const { page, errors } = await open(skip, 1280, '/__subcat/');
    expect(await page.locator('#operations .operation').count()).toBe(4);
    expect(await page.locator('#facts').textContent()).toMatch(
      /seed 3 · 40 subscriptions · 30 products per release · up /,
    );
    const links = await page
      .locator('#links a')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')));
    expect(links).toEqual(['/__subcat/openapi.yaml', '/__subcat/openapi.json', '/__subcat/README.md']);
    for (const link of links) expect((await fetch(new URL(link ?? '', mock.url))).status).toBe(200);

    expect(await page.evaluate(UNLABELLED)).toEqual([]);
    const reached = new Set<string>();
    const wanted: [string, RegExp][] = [
      ['section link', /^A# Requests$/],
      ['session', /^SELECT#session-select Session$/],
      ['example', /^BUTTON# GET /],
      ['send', /^BUTTON# Send$/],
      ['journal filter', /^SELECT#journal-method Method shown$/],
      ['reset', /^BUTTON#reset Reset to the seed$/],
      ['copy id', /^BUTTON# Copy catalog\./],
    ];
    for (let i = 0; i < 80 && reached.size < wanted.length; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate<{ tag: string; id: string; name: string; outline: string }>(
        FOCUSED,
      );
      const seen = `${focused.tag}#${focused.id} ${focused.name}`;
      for (const [label, pattern] of wanted) {
        if (!pattern.test(seen)) continue;
        reached.add(label);
        expect(focused.outline, `${label} shows its focus`).not.toBe('none');
      }
    }
    expect([...reached].sort()).toEqual(wanted.map(([label]) => label).sort());
    expectNoConsoleErrors(errors);
  });

  it('works under a base path: the page at /v2/ sends its examples there and journals them', async ({
    skip,
  }) => {
    if (browser === undefined) return skip(missing ?? 'no browser');
    const mounted = await startMock({
      port: 0,
      seed: 3,
      subscriptions: 5,
      products: 5,
      basePath: '/v2',
      logLevel: 'silent',
    });
    try {
      const { page, errors } = await openInspector(browser, `${mounted.url}/`, 1280);
      pages.push(page);
      await page.locator('[data-operation=listSubscriptions] button.example').first().click();
      await page.locator('#response .status.ok').waitFor();
      await page
        .locator('#journal-list .entry', { hasText: '/v2/subscriptions/subscriptions' })
        .first()
        .waitFor();
      expect(await page.locator('#links a').first().getAttribute('href')).toBe('/v2/__subcat/openapi.yaml');
      expectNoConsoleErrors(errors);
    } finally {
      await Promise.all(pages.splice(0).map((page) => page.close()));
      await mounted.close();
    }
  });

  it("checks names and numbers with the limits of the control plane's document, and says so when it cannot read it", async ({
    skip,
  }) => {
    const { page, errors } = await open(skip);
    const name = page.locator('#session-new');
    await name.fill('x'.repeat(65));
    expect(await name.evaluate((input: { validationMessage: string }) => input.validationMessage)).toMatch(
      /at most 64/,
    );
    await name.fill('x'.repeat(64));
    expect(await name.evaluate((input: { validationMessage: string }) => input.validationMessage)).toBe('');
    expect(await page.locator('#fault-status').getAttribute('max')).toBe('599');
    expectNoConsoleErrors(errors);

    if (browser === undefined) return;
    const unread = await browser.page(1280);
    pages.push(unread.page);
    await unread.page.route('**/__subcat/openapi.json', (route) => route.fulfill({ status: 500, body: '' }));
    await unread.page.goto(`${mock.url}/`);
    await expect
      .poll(() => unread.page.locator('#notice').textContent())
      .toMatch(/GET \/__subcat\/openapi\.json: 500; the page cannot check its forms without it/);
  });

  it('reads without scrolling sideways at 1280 and 390 px, and its screenshots are not blank', async ({
    skip,
  }) => {
    // A session with the longest name allowed, so the session picker's widest option is on the page.
    if (missing !== undefined) return skip(missing); // the mock starts only beside a browser
    await fetch(`${mock.url}${SUBSCRIPTIONS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-subcat-session': 'w'.repeat(64) },
      body: JSON.stringify(createBody('A long-named session')),
    });
    const { page, errors } = await open(skip, 1280);
    await page.locator('[data-operation=listSubscriptions] button.example').first().click();
    await page.locator('#response .status.ok').waitFor();
    await page.locator('#journal-list .entry').first().click();
    await page.locator('#entry h3').waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const widths = await page.evaluate<{ scroll: number; client: number; controls: number }>(PAGE_WIDTHS);
      expect(widths.scroll, `${width} px`).toBeLessThanOrEqual(widths.client);
      expect(widths.controls, `${width} px: a control past the right edge`).toBeLessThanOrEqual(
        widths.client,
      );
      await page.evaluate('window.scrollTo(0, 0)');
      const png = await page.screenshot({
        path: join(screenshots, `inspector-${width}.png`),
        fullPage: false,
      });
      await writeFile(join(screenshots, `inspector-${width}.txt`), `${mock.url}/ at ${width} px\n`);
      expect(await distinctColours(browser as Browser, png), `${width} px`).toBeGreaterThan(20);
    }
    expectNoConsoleErrors(errors);
  });
});
