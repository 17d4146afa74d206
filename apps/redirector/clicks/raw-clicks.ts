import type { MintedClick } from '@app/clicks';
import { clientIpFrom } from '../client-ip.js';
import { hostnameOf } from '../route.js';

/**
 * A click as the request thread records it: the request's raw facts in one string (no object, no parsing), so
 * the 302 path pays next to nothing. The click thread turns them into clicks (mintClicks). Fields are split by
 * U+001F and clicks end with U+001E: node's HTTP parser refuses control characters other than tab in a request
 * line or header value, so neither can occur inside a field.
 */
export const FIELD = '\x1f';
export const END = '\x1e';
const FIELDS = 9;
const MAX_FIELD_LENGTH = 512;
const QR_QUERY = /[?&]qr=1(?:&|$)/;

/**
 * One click's record. `forwardedFor` only when the proxy is trusted; `query` is the URL from its '?' (or ''),
 * `variant` the A/B variant index (or -1).
 */
export function rawClick(
  linkId: string,
  atMs: number,
  forwardedFor: string | undefined,
  remoteAddress: string | undefined,
  userAgent: string | undefined,
  referer: string | undefined,
  host: string | undefined,
  query: string,
  variant: number,
): string {
  return `${linkId}${FIELD}${atMs}${FIELD}${forwardedFor ?? ''}${FIELD}${remoteAddress ?? ''}${FIELD}${userAgent ?? ''}${FIELD}${referer ?? ''}${FIELD}${host ?? ''}${FIELD}${query}${FIELD}${variant}${END}`;
}

const cut = (s: string) => (s.length > MAX_FIELD_LENGTH ? s.slice(0, MAX_FIELD_LENGTH) : s);

/**
 * The clicks of a string of records: the client IP (X-Forwarded-For `trustProxy` hops from the right, else the
 * socket's), user agent and referer cut at 512 characters, the Host header's hostname, `?qr=1` as a QR scan.
 * Returns the clicks and how many records were malformed (none can be, given how rawClick writes them).
 */
export function mintClicks(records: string, trustProxy: number): { clicks: MintedClick[]; malformed: number } {
  const clicks: MintedClick[] = [];
  let malformed = 0;
  let lastHostHeader = '';
  let lastHost = '';
  for (const record of records.split(END)) {
    if (record === '') continue;
    const f = record.split(FIELD);
    const atMs = Number(f[1]);
    if (f.length !== FIELDS || !Number.isFinite(atMs)) {
      malformed++;
      continue;
    }
    if (f[6] !== lastHostHeader) {
      lastHostHeader = f[6];
      lastHost = hostnameOf(f[6]);
    }
    const click: MintedClick = {
      linkId: f[0],
      atMs,
      ip: clientIpFrom(f[3], f[2] === '' ? undefined : f[2], trustProxy),
      userAgent: cut(f[4]),
      referer: cut(f[5]),
      host: lastHost,
    };
    // A QR code encodes the short URL with ?qr=1 (PRODUCT-V2 §1): recorded with referrer `qr`.
    if (f[7] !== '' && QR_QUERY.test(f[7])) click.qr = true;
    if (f[8] !== '-1') click.variant = Number(f[8]);
    clicks.push(click);
  }
  return { clicks, malformed };
}
