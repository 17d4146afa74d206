import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

export const WIDTHS = [1400, 390] as const;
export const ARTIFACTS = 'test-artifacts';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

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
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')})`);
}

/** Screenshot + axe at each width; returns the problems found (empty when fine). Leaves the page at the first width. */
export async function checkScreen(page: Page, name: string, onWidth?: (width: number) => Promise<void>): Promise<string[]> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.mouse.move(0, 0); // no hover colours left over from the last click
    await onWidth?.(width);
    await page.screenshot({ path: `${ARTIFACTS}/part1-${name}-${width}.png`, fullPage: true });
    for (const v of await seriousA11yViolations(page)) problems.push(`${name} @${width}px: ${v}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 1) problems.push(`${name} @${width}px: page scrolls sideways by ${overflow}px`);
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  return problems;
}
