import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Browser } from './chromium.js';

/** The inspector opened at a width, its console errors collected. */
export interface OpenedInspector {
  page: Page;
  errors: string[];
}

/**
 * Opens the inspector at `url` and waits until it has loaded the mock's state and its journal.
 * @example const { page, errors } = await openInspector(browser, `${mock.url}/`, 1280);
 */
export async function openInspector(browser: Browser, url: string, width: number): Promise<OpenedInspector> {
  const opened = await browser.page(width);
  await opened.page.goto(url);
  await opened.page.locator('body[data-ready="true"]').waitFor();
  return opened;
}

/** Evaluated in the page (a string: this Node-typed file has no DOM types). */
// `controls`: the right edge of the furthest visible form control, which a clipped header would hide from
// scrollWidth (a select cut off at the screen's edge).
export const PAGE_WIDTHS = `({
  scroll: document.documentElement.scrollWidth,
  client: document.documentElement.clientWidth,
  controls: Math.max(0, ...[...document.querySelectorAll('input, select, button, textarea')]
    .filter((e) => e.offsetParent !== null)
    .map((e) => Math.ceil(e.getBoundingClientRect().right))),
})`;

/** What the focused element is, and whether it shows a focus ring. */
export const FOCUSED = `(() => {
  const e = document.activeElement;
  if (e === null || e === document.body) return { tag: '', id: '', name: '', outline: 'none' };
  const style = getComputedStyle(e);
  const name = (e.getAttribute('aria-label') || e.labels?.[0]?.textContent || e.textContent || '').trim();
  return { tag: e.tagName, id: e.id, name, outline: style.outlineStyle };
})()`;

/** Form controls without a label (a <label>, aria-label or aria-labelledby): each as `tag#id`. */
export const UNLABELLED = `[...document.querySelectorAll('input, select, textarea')]
  .filter((e) => e.type !== 'hidden' && e.labels.length === 0 && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby'))
  .map((e) => e.tagName + '#' + e.id)`;

/** Fails with the page's console errors, so a test names what broke. */
export function expectNoConsoleErrors(errors: readonly string[]): void {
  expect(errors, 'console errors').toEqual([]);
}

/** The subscription count the page shows for the picked session. */
export async function shownSubscriptions(page: Page): Promise<number> {
  return Number(await page.locator('#session-subscriptions').textContent());
}
