import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/index.js';
import { SUBSCRIPTIONS } from '../support/mock-client.js';
import { chromiumMissing, launchChromium, type Browser } from './chromium.js';
import { expectNoConsoleErrors } from './inspector-page.js';

// Issue 26 part 7: a fault rule's tally in the inspector moves with the journal. The page's clock is paused
// once it has loaded, so no timer of the page fires: a tally refreshed on a timer (every second, or a moment
// after each request) never moves here, while one refreshed with the journal entry that carries the fault
// does, through the network alone.

const missing = chromiumMissing();
if (missing !== undefined) console.warn(`inspector fault tally test skipped: ${missing}`);

let browser: Browser | undefined;
let mock: RunningMock;

beforeAll(async () => {
  if (missing !== undefined) return;
  [mock, browser] = await Promise.all([
    startMock({ port: 0, seed: 3, subscriptions: 20, products: 10, logLevel: 'silent' }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await mock?.close();
});

describe('the inspector fault tally', () => {
  it.skipIf(missing !== undefined)(
    'counts a faulted request as soon as the journal shows it, with no timer of the page running',
    async () => {
      if (browser === undefined) throw new Error('no browser');
      mock.fault({ operationId: 'listSubscriptions', status: 503 });
      const { page, errors } = await browser.page(1280);
      try {
        await page.clock.install();
        await page.goto(`${mock.url}/`);
        await page.locator('body[data-ready="true"]').waitFor();
        const rule = page.locator('#fault-list li[data-fault]');
        expect(await rule.textContent()).toMatch(/matched 0, acted on 0/);
        await page.clock.pauseAt(Date.now() + 60_000);

        for (const count of [1, 2]) {
          expect((await fetch(`${mock.url}${SUBSCRIPTIONS}`)).status).toBe(503);
          await expect
            .poll(() => page.locator('#journal-list .entry.failed[data-status="503"]').count())
            .toBe(count);
          await expect
            .poll(() => rule.textContent(), { timeout: 5_000 })
            .toMatch(new RegExp(`matched ${count}, acted on ${count}`));
        }
        expectNoConsoleErrors(errors);
      } finally {
        await page.close();
      }
    },
    60_000,
  );
});
