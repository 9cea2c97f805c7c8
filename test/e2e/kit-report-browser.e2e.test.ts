import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../conformance/spec.js';
import { chromiumMissing, distinctColours, launchChromium, type Browser } from '../browser/chromium.js';
import { runKit } from '../support/run-kit.js';
import { CORE_FAMILIES, idArgs, startFake, stopFake } from '../support/start-fake.js';

// Issue 14 part 2: the kit's HTML report of a failing run, opened in a real browser as a person would.

const out = join(packageRoot(), 'reports');
const missing = chromiumMissing();
if (missing !== undefined) console.warn(`kit report browser tests skipped: ${missing}`);

let browser: Browser | undefined;
let reportUrl = '';

beforeAll(async () => {
  if (missing !== undefined) return;
  const fake = await startFake('crash-on-bad-input');
  try {
    await mkdir(join(out, 'screenshots'), { recursive: true });
    const file = join(out, 'kit-report-browser', 'kit.html');
    await runKit([
      '--base-url',
      fake.base,
      ...idArgs,
      ...CORE_FAMILIES,
      '--header',
      'Authorization: Bearer s3cr3t',
      '--seed',
      '12',
      '--report',
      `html=${file}`,
    ]);
    reportUrl = pathToFileURL(file).href;
  } finally {
    await stopFake(fake);
  }
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** The page at a width, its console errors collected; the test skips (saying why) without Chromium. */
async function open(width: number, skip: (note: string) => void): Promise<{ page: Page; errors: string[] }> {
  if (browser === undefined) {
    skip(missing ?? 'no browser');
    throw new Error('unreachable');
  }
  const opened = await browser.page(width);
  await opened.page.goto(reportUrl);
  return opened;
}

const visible = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll(
      (nodes) =>
        nodes.filter(
          (node) =>
            !(node as { hidden: boolean }).hidden &&
            (node as { offsetParent: unknown }).offsetParent !== null,
        ).length,
    );

describe('the kit HTML report of a failing run, in Chromium', () => {
  it('shows the verdict, failures first, and a failure with its curl line, rule, source, request and response', async ({
    skip,
  }) => {
    const { page, errors } = await open(1280, skip);
    await expect.poll(() => page.locator('h1 .verdict').textContent()).toBe('FAILED');
    const firstResult = page.locator('article.result').first();
    expect(await firstResult.getAttribute('data-outcome')).toBe('failed');
    const failure = firstResult.locator('.failure').first();
    const curl = await failure.locator('.curl code').textContent();
    expect(curl).toMatch(/^curl /);
    expect(curl).toContain('authorization: <redacted>');
    expect(await failure.textContent()).toMatch(/Rule:.*Source:\s*contract/s);
    expect(await failure.locator('details summary').allTextContents()).toEqual([
      expect.stringMatching(/^Request: /),
      expect.stringMatching(/^Response: 5\d\d/),
    ]);
    // The family table links to the failure.
    const link = page.locator('table.summary tr.links a').first();
    const target = await link.getAttribute('href');
    await link.click();
    expect(await page.evaluate('location.hash')).toBe(target);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('filters by family and by outcome', async ({ skip }) => {
    const { page, errors } = await open(1280, skip);
    const all = await page.locator('[data-outcome]').count();
    expect(await page.locator('#shown').textContent()).toBe(`${all} of ${all} checks shown`);
    await page.selectOption('#family-filter', 'robustness');
    const families = await page
      .locator('[data-outcome]')
      .evaluateAll((nodes) =>
        nodes.filter((n) => !(n as { hidden: boolean }).hidden).map((n) => n.getAttribute('data-family')),
      );
    expect(families.length).toBeGreaterThan(0);
    expect(new Set(families)).toEqual(new Set(['robustness']));
    await page.selectOption('#family-filter', '');
    await page.uncheck('input[value=failed]');
    expect(await visible(page, '[data-outcome=failed]')).toBe(0);
    expect(await visible(page, '[data-outcome=passed]')).toBeGreaterThan(0);
    expect(await page.locator('section[data-group=failed]').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reaches the filters and the failure links with the keyboard', async ({ skip }) => {
    const { page } = await open(1280, skip);
    const reached = new Set<string>();
    for (let i = 0; i < 40 && reached.size < 3; i++) {
      await page.keyboard.press('Tab');
      // Strings run in the page: this Node-typed file has no DOM types.
      const focused = String(
        await page.evaluate(
          "(e => e === null ? '' : e.tagName + '#' + e.id + ':' + (e.getAttribute('type') || ''))(document.activeElement)",
        ),
      );
      if (focused.startsWith('SELECT#family-filter')) reached.add('family');
      if (focused.endsWith(':checkbox')) reached.add('outcome');
      if (focused.startsWith('A#')) reached.add('link');
    }
    expect([...reached].sort()).toEqual(['family', 'link', 'outcome']);
    await page.close();
  });

  it.for([1280, 390])(
    'reads without scrolling sideways at %i px, and its screenshot is not blank',
    async (width, { skip }) => {
      const { page, errors } = await open(width, skip);
      const { scroll, client } = await page.evaluate<{ scroll: number; client: number }>(
        '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
      );
      expect(scroll).toBeLessThanOrEqual(client);
      const png = await page.screenshot({ path: join(out, 'screenshots', `kit-report-${width}.png`) });
      await writeFile(join(out, 'screenshots', `kit-report-${width}.txt`), `${reportUrl}\n`);
      expect(await distinctColours(browser as Browser, png)).toBeGreaterThan(1);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
