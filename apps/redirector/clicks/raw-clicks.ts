import { CompactBatchWriter, type CompactClickBatch } from '@app/clicks';
import { clientIpFrom } from '../client-ip.js';
import { hostnameOf } from '../route.js';

/**
 * A counted visit's raw facts, as the request thread has them: nothing parsed, nothing built. `forwardedFor` only
 * when the proxy is trusted; `query` is the URL from its '?' (or ''), `variant` the A/B variant index (or -1).
 */
export interface RawClick {
  linkId: string;
  atMs: number;
  forwardedFor: string | undefined;
  remoteAddress: string | undefined;
  userAgent: string | undefined;
  referer: string | undefined;
  host: string | undefined;
  query: string;
  variant: number;
  /** The Accept-Language header as sent: the worker parses it (language.ts in libs/clicks). */
  acceptLanguage: string | undefined;
}

/**
 * The request thread appends each click's facts to one flat array, RAW_FIELDS values per click in the order of
 * RawClick (appendRawClick), and posts the array to the click thread: no string is built or joined per click, and
 * the message copies each value once. The click thread reads them back one click at a time (rawClicksOf).
 */
export const RAW_FIELDS = 10;
/** One click's values in a message, in the order of RawClick's fields. */
export type RawClickFields = unknown[];

const MAX_FIELD_LENGTH = 512;
/** Enough for the first language ranges, which are all the worker reads. */
const MAX_LANGUAGE_LENGTH = 64;
const QR_QUERY = /[?&]qr=1(?:&|$)/;

export function appendRawClick(list: unknown[], c: RawClick): void {
  list.push(c.linkId, c.atMs, c.forwardedFor, c.remoteAddress, c.userAgent, c.referer, c.host, c.query, c.variant, c.acceptLanguage);
}

/** A message's clicks (values appended by appendRawClick), one array of RAW_FIELDS values each, in order. */
export function rawClicksOf(list: readonly unknown[]): RawClickFields[] {
  const clicks: RawClickFields[] = new Array(Math.floor(list.length / RAW_FIELDS));
  for (let i = 0; i < clicks.length; i++) clicks[i] = list.slice(i * RAW_FIELDS, (i + 1) * RAW_FIELDS);
  return clicks;
}

const cut = (s: string) => (s.length > MAX_FIELD_LENGTH ? s.slice(0, MAX_FIELD_LENGTH) : s);
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : v === undefined ? '' : undefined);

/**
 * A batch of raw clicks as the queue's compact click batch, in one pass (no object per click): the client IP
 * (X-Forwarded-For `trustProxy` hops from the right, else the socket's), user agent and referer cut at 512
 * characters, the Host header's hostname, `?qr=1` as a QR scan, Accept-Language cut at 64 characters (unparsed). Values of the wrong type (none can be, given how
 * appendRawClick writes them) make an unreadable row: the worker stores the batch's other clicks and fails the job
 * naming it.
 */
export function encodeRawClicks(batchId: string, clicks: readonly RawClickFields[], trustProxy: number): CompactClickBatch {
  const w = new CompactBatchWriter();
  let lastHostHeader: string | undefined;
  let lastHost = '';
  for (const f of clicks) {
    const linkId = f[0];
    const atMs = f[1];
    const variant = f[8];
    const forwardedFor = text(f[2]);
    const remoteAddress = text(f[3]);
    const userAgent = text(f[4]);
    const referer = text(f[5]);
    const host = text(f[6]);
    const query = text(f[7]);
    const acceptLanguage = text(f[9]);
    if (
      f.length !== RAW_FIELDS ||
      typeof linkId !== 'string' ||
      typeof atMs !== 'number' ||
      !Number.isFinite(atMs) ||
      !Number.isInteger(variant) ||
      forwardedFor === undefined ||
      remoteAddress === undefined ||
      userAgent === undefined ||
      referer === undefined ||
      host === undefined ||
      query === undefined ||
      acceptLanguage === undefined
    ) {
      w.addUnreadable();
      continue;
    }
    if (host !== lastHostHeader) {
      lastHostHeader = host;
      lastHost = hostnameOf(host);
    }
    // A QR code encodes the short URL with ?qr=1 (docs/product.md#link-controls): recorded with referrer `qr`.
    const qr = query !== '' && QR_QUERY.test(query);
    const ip = clientIpFrom(remoteAddress, forwardedFor === '' ? undefined : forwardedFor, trustProxy);
    const language = acceptLanguage.length > MAX_LANGUAGE_LENGTH ? acceptLanguage.slice(0, MAX_LANGUAGE_LENGTH) : acceptLanguage;
    w.add(linkId, atMs, ip, cut(userAgent), cut(referer), lastHost, qr, variant as number, language);
  }
  return w.finish(batchId);
}
