import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { CachedLink } from '@app/contracts';
import type { Logger } from '@app/config';
import type { LinkResolver } from './resolve.js';
import { routeRequest, type Route } from './route.js';
import { DEFAULT_HOST_KEY } from '@app/contracts';
import { clientIpFrom } from './client-ip.js';
import type { RawClick } from './clicks/raw-clicks.js';
import { readHeaders, type RequestHeaders } from './request-headers.js';
import { isSocialCrawler } from './crawler.js';
import { NOT_FOUND_HTML, UNAVAILABLE_HTML } from './pages/not-found.js';
import { hasOpenGraph, OG_PREVIEW_CSP, ogPreviewHtml } from './pages/og-preview.js';
import { htmlHeaders } from './pages/html.js';
import { controlledVisit, type ControlsDeps } from './controls/controlled-visit.js';
import { hopsOf, MAX_HOPS, withHop } from './loop-guard.js';
import { LOOP_HTML } from './pages/link-pages.js';

export interface RedirectServerDeps {
  resolver: LinkResolver;
  /** Receives the raw facts of each counted visit (the click channel); must not block or throw. */
  onClick: (click: RawClick) => void;
  ownHosts: Set<string>;
  /** SHORT_BASE_URL: the og:url of default-host links, and the scheme of custom-domain ones. */
  shortBaseUrl: string;
  trustProxy: number;
  log: Logger;
  /** Link controls (docs/product.md#link-controls): click limits, password tries, the password hashes. */
  controls: Omit<ControlsDeps, 'onClick' | 'log' | 'counted' | 'isOwnUrl'>;
  /** Whether a destination URL is one of our own hosts (a hop back to us: see loop-guard.ts). */
  isOwnUrl?: (url: string) => boolean;
  /** Wraps the request listener (metrics: answers GET /metrics, times each request). */
  instrument?: (handle: RequestListener) => RequestListener;
}

export interface RedirectStats {
  requests: number;
  redirects: number;
  previews: number;
  notFound: number;
  unavailable: number;
  /** 508 answers: a visit that came back through us MAX_HOPS times. */
  loops: number;
}

const MAX_URL_LENGTH = 2048;
const NOT_FOUND_HEADERS = htmlHeaders(NOT_FOUND_HTML);
const UNAVAILABLE_HEADERS = { ...htmlHeaders(UNAVAILABLE_HTML), 'Retry-After': '5' };
const CACHE_CONTROL = 'private, max-age=0';
const LOOP_HEADERS = { ...htmlHeaders(LOOP_HTML), 'Cache-Control': 'no-store' };

/** The redirector's node:http server (no framework on the hot path). Listen on it yourself. */
export function createRedirectServer(deps: RedirectServerDeps): Server & { stats: RedirectStats } {
  const { resolver, onClick, ownHosts, trustProxy, log, shortBaseUrl } = deps;
  const scheme = new URL(shortBaseUrl).protocol;
  const stats: RedirectStats = { requests: 0, redirects: 0, previews: 0, notFound: 0, unavailable: 0, loops: 0 };
  const isOwnUrl = deps.isOwnUrl ?? (() => false);

  const notFound = (res: ServerResponse, head: boolean) => {
    stats.notFound++;
    res.writeHead(404, NOT_FOUND_HEADERS);
    res.end(head ? undefined : NOT_FOUND_HTML);
  };

  const controls: ControlsDeps = { ...deps.controls, onClick, log, isOwnUrl, counted: () => stats.redirects++ };
  const answer = (req: IncomingMessage, res: ServerResponse, h: RequestHeaders, route: LinkRoute, link: CachedLink | null, head: boolean) => {
    if (link === null) return notFound(res, head);
    // A request carrying our hop marker is a hop of a visit counted already (loop-guard.ts); the '?' scan is the
    // one clickOf needs anyway.
    const url = req.url!;
    const q = url.indexOf('?');
    const hops = q === -1 ? 0 : hopsOf(url, q);
    if (hops >= MAX_HOPS) {
      stats.loops++;
      res.writeHead(508, LOOP_HEADERS);
      res.end(head ? undefined : LOOP_HTML);
      return;
    }
    if (link.x !== undefined || req.method === 'POST') return controlled(req, res, h, route, link, head, hops);
    // The cheap test first: most links have no Open Graph tags, and then the user agent need not be matched.
    if (hasOpenGraph(link) && isSocialCrawler(h.userAgent)) {
      stats.previews++;
      const body = ogPreviewHtml(link, shortUrlOf(route, shortBaseUrl, scheme));
      res.writeHead(200, htmlHeaders(body, OG_PREVIEW_CSP));
      res.end(head ? undefined : body);
    } else {
      stats.redirects++;
      const location = link.leadsHome === true ? withHop(link.url, hops + 1) : link.url;
      res.writeHead(302, ['Location', location, 'Cache-Control', CACHE_CONTROL, 'X-Robots-Tag', 'noindex', 'Content-Length', '0']);
      res.end();
    }
    // A HEAD is a link check, not a visit, and a hop is not a new visit: only first GETs count as clicks.
    if (!head && hops === 0) onClick(clickOf(req, h, link, trustProxy, q, -1));
  };

  /** A link with controls; a POST (the password form) reaches only a password link. */
  const controlled = (
    req: IncomingMessage,
    res: ServerResponse,
    h: RequestHeaders,
    route: LinkRoute,
    link: CachedLink,
    head: boolean,
    hops: number,
  ) => {
    if (link.x === undefined) {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    // Social crawlers get the Open Graph page, but only once the controls have let the visit through (an expired or
    // used-up link answers them as it answers people); a password link never shows them anything but its form.
    const preview =
      hasOpenGraph(link) && isSocialCrawler(h.userAgent)
        ? () => {
            stats.previews++;
            const body = ogPreviewHtml(link, shortUrlOf(route, shortBaseUrl, scheme));
            res.writeHead(200, htmlHeaders(body, OG_PREVIEW_CSP));
            res.end(head ? undefined : body);
            if (!head && hops === 0) onClick(clickOf(req, h, link, trustProxy, req.url!.indexOf('?'), -1));
          }
        : undefined;
    const ip = clientIpFrom(req.socket.remoteAddress, trustProxy > 0 ? h.forwardedFor : undefined, trustProxy);
    void controlledVisit(controls, {
      req,
      res,
      link,
      code: route.code,
      method: head ? 'HEAD' : (req.method as 'GET' | 'POST'),
      ip,
      userAgent: h.userAgent ?? '',
      hops,
      preview,
      click: (variant) => clickOf(req, h, link, trustProxy, req.url!.indexOf('?'), variant),
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    stats.requests++;
    const method = req.method;
    const head = method === 'HEAD';
    if (method !== 'GET' && !head && method !== 'POST') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    const url = req.url ?? '/';
    if (url.length > MAX_URL_LENGTH) {
      res.writeHead(414, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('URI Too Long');
      return;
    }
    const h = readHeaders(req.rawHeaders);
    const route = routeRequest(h.host, url, ownHosts);
    if (method === 'POST' && route.kind !== 'link') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    if (route.kind === 'link') {
      const hit = resolver.cached(route.hostKey, route.code);
      if (hit !== undefined) return answer(req, res, h, route, hit, head);
      resolver.load(route.hostKey, route.code).then(
        (link) => answer(req, res, h, route, link, head),
        (err: unknown) => {
          stats.unavailable++;
          log.warn('link lookup failed', { host: route.hostKey, code: route.code, err });
          if (res.headersSent) return;
          res.writeHead(503, UNAVAILABLE_HEADERS);
          res.end(head ? undefined : UNAVAILABLE_HTML);
        },
      );
      return;
    }
    if (route.kind === 'health') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(head ? undefined : 'ok');
      return;
    }
    notFound(res, head);
  };

  const listener = deps.instrument ? deps.instrument(handle) : handle;
  const server = createServer({ maxHeaderSize: 16 * 1024, keepAliveTimeout: 65_000 }, listener) as Server & { stats: RedirectStats };
  server.stats = stats;
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });
  return server;
}

type LinkRoute = Extract<Route, { kind: 'link' }>;

function shortUrlOf(route: LinkRoute, shortBaseUrl: string, scheme: string): string {
  return route.hostKey === DEFAULT_HOST_KEY ? `${shortBaseUrl}/s/${route.code}` : `${scheme}//${route.hostKey}/${route.code}`;
}

/** The raw facts of a counted visit (raw-clicks.ts): the click thread derives the IP, host and QR flag from them. */
function clickOf(req: IncomingMessage, h: RequestHeaders, link: CachedLink, trustProxy: number, q: number, variant: number): RawClick {
  return {
    linkId: link.id,
    atMs: Date.now(),
    forwardedFor: trustProxy > 0 ? h.forwardedFor : undefined,
    remoteAddress: req.socket.remoteAddress,
    userAgent: h.userAgent,
    referer: h.referer,
    host: h.host,
    query: q === -1 ? '' : req.url!.slice(q),
    variant,
    acceptLanguage: h.acceptLanguage,
  };
}
