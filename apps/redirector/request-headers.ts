/** The four request headers the redirector reads. */
export interface RequestHeaders {
  host: string | undefined;
  userAgent: string | undefined;
  referer: string | undefined;
  forwardedFor: string | undefined;
}

/**
 * Reads them straight from `rawHeaders`: touching `req.headers` makes node build an object of every header on each
 * request, which the hot path does not need. Repeated X-Forwarded-For headers are joined like node does.
 */
export function readHeaders(raw: string[]): RequestHeaders {
  const h: RequestHeaders = { host: undefined, userAgent: undefined, referer: undefined, forwardedFor: undefined };
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    switch (name.length) {
      case 4:
        if (h.host === undefined && name.toLowerCase() === 'host') h.host = raw[i + 1];
        break;
      case 7:
        if (h.referer === undefined && name.toLowerCase() === 'referer') h.referer = raw[i + 1];
        break;
      case 10:
        if (h.userAgent === undefined && name.toLowerCase() === 'user-agent') h.userAgent = raw[i + 1];
        break;
      case 15:
        if (name.toLowerCase() === 'x-forwarded-for') h.forwardedFor = h.forwardedFor === undefined ? raw[i + 1] : `${h.forwardedFor}, ${raw[i + 1]}`;
        break;
    }
  }
  return h;
}
