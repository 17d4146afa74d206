/** The five request headers the redirector reads. */
export interface RequestHeaders {
  host: string | undefined;
  userAgent: string | undefined;
  referer: string | undefined;
  forwardedFor: string | undefined;
  /** Kept raw: the worker takes its primary tag (libs/clicks language.ts), not the request thread. */
  acceptLanguage: string | undefined;
}

/**
 * Reads them straight from `rawHeaders`: touching `req.headers` makes node build an object of every header on each
 * request, which the hot path does not need. Repeated X-Forwarded-For headers are joined like node does.
 */
export function readHeaders(raw: string[]): RequestHeaders {
  const h: RequestHeaders = { host: undefined, userAgent: undefined, referer: undefined, forwardedFor: undefined, acceptLanguage: undefined };
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    switch (name.length) {
      case 4:
        if (h.host === undefined && is(name, 'Host', 'host')) h.host = raw[i + 1];
        break;
      case 7:
        if (h.referer === undefined && is(name, 'Referer', 'referer')) h.referer = raw[i + 1];
        break;
      case 10:
        if (h.userAgent === undefined && is(name, 'User-Agent', 'user-agent')) h.userAgent = raw[i + 1];
        break;
      case 15:
        if (is(name, 'X-Forwarded-For', 'x-forwarded-for'))
          h.forwardedFor = h.forwardedFor === undefined ? raw[i + 1] : `${h.forwardedFor}, ${raw[i + 1]}`;
        else if (h.acceptLanguage === undefined && is(name, 'Accept-Language', 'accept-language')) h.acceptLanguage = raw[i + 1];
        break;
    }
  }
  return h;
}

/** Case-insensitive header name match; the two usual spellings first, so most requests allocate no lowercase copy. */
function is(name: string, usual: string, lower: string): boolean {
  return name === usual || name === lower || name.toLowerCase() === lower;
}
