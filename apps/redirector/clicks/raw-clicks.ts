import { CompactBatchWriter, type CompactClickBatch } from '@app/clicks';
import { clientIpFrom } from '../client-ip.js';
import { hostnameOf } from '../route.js';

/**
 * A click as the request thread records it: the request's raw facts in one string (no object, no parsing), so
 * the 302 path pays next to nothing. The click thread writes them straight into a batch (encodeRawClicks). Fields are split by
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

/** The records of a message (records joined): one string per click, in order. */
export function splitRecords(records: string): string[] {
  const list = records.split(END);
  if (list[list.length - 1] === '') list.pop();
  return list;
}

/**
 * A batch of records as the queue's compact click batch, in one pass (no object per click): the client IP
 * (X-Forwarded-For `trustProxy` hops from the right, else the socket's), user agent and referer cut at 512
 * characters, the Host header's hostname, `?qr=1` as a QR scan. A malformed record (none can be, given how
 * rawClick writes them) becomes an unreadable row: the worker stores the batch's other clicks and fails the job naming it.
 */
export function encodeRawClicks(batchId: string, records: readonly string[], trustProxy: number): CompactClickBatch {
  const w = new CompactBatchWriter();
  let lastHostHeader = '';
  let lastHost = '';
  for (const record of records) {
    const f = record.split(FIELD);
    const atMs = Number(f[1]);
    if (f.length !== FIELDS || f[1] === '' || !Number.isFinite(atMs)) {
      w.addUnreadable();
      continue;
    }
    if (f[6] !== lastHostHeader) {
      lastHostHeader = f[6];
      lastHost = hostnameOf(f[6]);
    }
    // A QR code encodes the short URL with ?qr=1 (PRODUCT-V2 §1): recorded with referrer `qr`.
    const qr = f[7] !== '' && QR_QUERY.test(f[7]);
    const ip = clientIpFrom(f[3], f[2] === '' ? undefined : f[2], trustProxy);
    w.add(f[0], atMs, ip, cut(f[4]), cut(f[5]), lastHost, qr, f[8] === '-1' ? -1 : Number(f[8]));
  }
  return w.finish(batchId);
}
