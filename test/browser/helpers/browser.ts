import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from './chromium.js';

export const WIDTHS = [1400, 390] as const;
export const ARTIFACTS = 'test-artifacts';

/** Headless Chromium (`chromium.js`, shared with bench/web.js); `extraArgs` add switches such as `--host-resolver-rules`. */
export const launchBrowser: (extraArgs?: string[]) => Promise<Browser> = launchChromium;

/**
 * Collects uncaught page errors (and, with `console: true`, console errors and failed requests to the app);
 * the suite fails if any.
 */
export function watchErrors(page: Page, options: { console?: boolean } = {}): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  if (options.console) {
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`${page.url()}: console error: ${msg.text()} (${msg.location().url})`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) errors.push(`${page.url()}: ${res.request().method()} ${res.url()} answered ${res.status()}`);
    });
  }
  return errors;
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** axe-core on the current page: the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Contrast is only meaningful once enter animations (a drawer fading in) are over; infinite ones (a pulsing badge) never end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`)
          .join(', ')})`,
    );
}

export interface ScreenOptions {
  /** Names the suite in the screenshot files: `<prefix>-<name>-<width>.png`. */
  prefix: string;
  /** Viewport height at each width. */
  height?: number;
  /** How long the layout gets to settle after a resize. */
  settleMs?: number;
  /** Runs at each width before the screenshot. */
  onWidth?: (width: number) => Promise<void>;
}

/**
 * Screenshot + axe + sideways-scroll check at each width; returns the problems found (empty when fine). Leaves the
 * page at the first width.
 */
export async function checkScreen(page: Page, name: string, options: ScreenOptions): Promise<string[]> {
  const { prefix, height = 900, settleMs = 300, onWidth } = options;
  mkdirSync(ARTIFACTS, { recursive: true });
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(settleMs);
    await page.mouse.move(0, 0); // no hover colours left over from the last click
    await onWidth?.(width);
    await page.screenshot({ path: `${ARTIFACTS}/${prefix}-${name}-${width}.png`, fullPage: true });
    for (const v of await seriousA11yViolations(page)) problems.push(`${name} @${width}px: ${v}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 1) problems.push(`${name} @${width}px: page scrolls sideways by ${overflow}px`);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  return problems;
}

export interface ToastOptions {
  /** How long the toast may take to show. */
  timeoutMs?: number;
  /** What closed means: gone from view, or gone from the DOM. */
  closed?: 'hidden' | 'detached';
  /** Fail when the toast cannot be closed (otherwise closing is best effort). */
  mustClose?: boolean;
  /**
   * The toast may have shown before the test looked, and a success toast dismisses itself after 2 s: one still mounted
   * counts (a dismissed toast stays mounted until the next one replaces it, so it can only be the latest).
   */
  mayHaveClosed?: boolean;
}

/** Waits for a toast by its title (and description), then closes it so the next one can show (limit 1). */
export async function expectToast(page: Page, title: string, description?: string, options: ToastOptions = {}): Promise<void> {
  const { timeoutMs = 20_000, closed = 'hidden', mustClose = false, mayHaveClosed = false } = options;
  const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
  const state = mayHaveClosed ? 'attached' : 'visible';
  await toast.first().waitFor({ state, timeout: timeoutMs });
  if (description) await toast.getByText(description, { exact: true }).first().waitFor({ state, timeout: 5_000 });
  if (mayHaveClosed && (await toast.first().getAttribute('data-state')) === 'closed') return;
  const close = async () => {
    try {
      await toast.locator('[data-part="close-trigger"]').first().click({ timeout: 10_000 });
    } catch (error) {
      // A success toast dismisses itself after 2 s; while it fades out, its ghost layer (zag's data-ghost="before")
      // covers the close button. A toast that is already closing has done what the click asked.
      const now = await toast
        .first()
        .getAttribute('data-state', { timeout: 2_000 })
        .catch(() => null);
      if (now !== 'closed') throw error;
    }
    await toast.first().waitFor({ state: closed, timeout: 10_000 });
  };
  if (mustClose) await close();
  else await close().catch(() => undefined);
}

/** Opens `url` and waits for the page's h1. */
export async function openPage(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
}

/**
 * The address a once-shown `CopyableUrl` (test id `testId` within `scope`) shows, after "Copy link": fails unless the
 * toast `copiedToast` showed and the clipboard holds that address.
 */
export async function copyShownUrl(page: Page, scope: Locator, testId: string, copiedToast: string): Promise<string> {
  const shown = (await scope.getByTestId(testId).locator('code').textContent())!.trim();
  await scope.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, copiedToast);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  return shown;
}
