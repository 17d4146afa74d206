import UAParser from 'ua-parser-js';

/** "Chrome on macOS" from a user agent; "Unknown device" without one. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const r = new UAParser(userAgent).getResult();
  const browser = r.browser.name;
  const os = r.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}
