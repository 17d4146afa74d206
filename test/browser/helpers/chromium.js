// Headless Chromium as the browser tests and the web benchmarks run it (plain JS so that bench/*.js can import it):
// the system's /usr/bin/chromium, never a downloaded browser, with nothing running in the background.
import { chromium } from 'playwright-core';

/** `extraArgs` add switches such as `--host-resolver-rules`. */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}
