import { useState } from 'react';
import { usePageVisibility } from '../../../lib/use-page-visibility';

export const DASHBOARD_POLL_MS = 5_000;

/** Live on by default; off via Pause and while the tab is hidden (docs/product.md#states-and-transitions). */
export function useLiveMode() {
  const visible = usePageVisibility();
  const [paused, setPaused] = useState(false);
  const live = visible && !paused;
  return { live, paused, toggle: () => setPaused((p) => !p), pollMs: live ? DASHBOARD_POLL_MS : (false as const) };
}
