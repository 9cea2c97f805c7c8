import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Where Debian's chromium lives (`apt-get install -y chromium`); CHROMIUM_PATH may name another. */
export const CHROMIUM_PATHS = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Quiet, offline, sandbox-free flags for a container; every launch gets a fresh --user-data-dir. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The first Chromium found, or undefined. */
export function findChromium(): string | undefined {
  return CHROMIUM_PATHS.find((path): path is string => path !== undefined && path !== '' && existsSync(path));
}

/**
 * Why the browser tests cannot run here, or undefined when they can. In CI a missing Chromium is an error
 * (.ci/run installs it); elsewhere the tests skip, and this reason is printed.
 */
export function chromiumMissing(): string | undefined {
  if (findChromium() !== undefined) return undefined;
  const reason = `no Chromium at ${CHROMIUM_PATHS.filter(Boolean).join(' or ')} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI !== undefined && process.env.CI !== '')
    throw new Error(`browser tests need Chromium in CI: ${reason}`);
  return reason;
}

/** A running browser with a fresh profile; `close` ends it and removes the profile. */
export interface Browser {
  context: BrowserContext;
  /** A new page whose console errors and uncaught exceptions are collected in `errors`. */
  page(width: number, height?: number): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

/**
 * Starts Debian's chromium through playwright-core, headless, with a throw-away --user-data-dir.
 * @example const browser = await launchChromium(); const { page, errors } = await browser.page(1280);
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (executablePath === undefined) throw new Error(chromiumMissing() ?? 'no Chromium');
  const profile = await mkdtemp(join(tmpdir(), 'subcat-chromium-'));
  // Playwright takes the profile directory itself (it refuses --user-data-dir among the args).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: CHROMIUM_ARGS,
    headless: true,
    offline: false,
  });
  return {
    context,
    async page(width, height = 900) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      return { page, errors };
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** How many distinct colours a PNG holds (drawn on a canvas in the browser): a blank screenshot has one. */
export async function distinctColours(browser: Browser, png: Buffer): Promise<number> {
  const { page } = await browser.page(100, 100);
  try {
    // A string, so this Node-typed file needs no DOM types: it runs in the page.
    const count = await page.evaluate(`(async () => {
      const image = new Image();
      image.src = 'data:image/png;base64,${png.toString('base64')}';
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      const colours = new Set();
      for (let i = 0; i < pixels.length && colours.size < 1000; i += 4) {
        colours.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
      }
      return colours.size;
    })()`);
    return Number(count);
  } finally {
    await page.close();
  }
}
