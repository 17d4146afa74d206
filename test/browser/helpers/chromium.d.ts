import type { Browser } from 'playwright-core';

export function launchChromium(extraArgs?: string[]): Promise<Browser>;
