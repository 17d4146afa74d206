import type { IncomingMessage, ServerResponse } from 'node:http';
import { verify } from '@node-rs/argon2';
import type { Pool } from 'pg';
import type { CachedLink } from '@app/contracts';
import type { Logger } from '@app/config';
import { htmlHeaders } from '../pages/html.js';
import { EXPIRED_HTML, PASSWORD_FORM_HTML, TOO_MANY_TRIES_HTML, WRONG_PASSWORD_HTML } from '../pages/link-pages.js';
import { UNAVAILABLE_HTML } from '../pages/not-found.js';
import type { ClickLimiter } from './click-limit.js';
import { asciiLocation, chooseDestination, isBotAgent } from './destination.js';
import type { PasswordTries } from '@app/queue';
import { withHop } from '../loop-guard.js';
import type { RawClick } from '../clicks/raw-clicks.js';

export interface ControlsDeps {
  limiter: ClickLimiter;
  tries: PasswordTries;
  pg: Pool;
  log: Logger;
  /** Takes the raw facts of a counted visit (raw-clicks.ts). */
  onClick: (click: RawClick) => void;
  /** Whether a destination is one of our own hosts (then the Location carries the hop marker). */
  isOwnUrl: (url: string) => boolean;
  /** Counts a redirect in the server's stats. */
  counted: () => void;
}

/** What the server already knows about the visit. */
export interface Visit {
  req: IncomingMessage;
  res: ServerResponse;
  link: CachedLink;
  code: string;
  method: 'GET' | 'HEAD' | 'POST';
  ip: string;
  userAgent: string;
  /** Hops of this visit through us so far (loop-guard.ts): above 0 it is never a click and takes no use. */
  hops: number;
  /** A social crawler on a link with Open Graph tags: answers with the preview page (and counts it) instead of a 302. */
  preview?: () => void;
  /** The raw facts of this visit as a click, with its A/B variant index or -1 (the server's clickOf). */
  click: (variant: number) => RawClick;
}

const CACHE_CONTROL = 'private, max-age=0';
/**
 * form-action governs the redirects that follow a form's submission too (Chromium blocks a 302 the policy does not
 * name): after a right password the answer is a 302 to the destination, any http(s) URL, so both schemes are allowed.
 * The page has no script and its form posts to itself; nothing else can use the wider policy.
 */
const FORM_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https: http:";
const FORM_HEADERS = htmlHeaders(PASSWORD_FORM_HTML, FORM_CSP);
const WRONG_HEADERS = htmlHeaders(WRONG_PASSWORD_HTML, FORM_CSP);
const TRIES_HEADERS = { ...htmlHeaders(TOO_MANY_TRIES_HTML), 'Retry-After': '900' };
const EXPIRED_HEADERS = htmlHeaders(EXPIRED_HTML);
const UNAVAILABLE_HEADERS = { ...htmlHeaders(UNAVAILABLE_HTML), 'Retry-After': '5' };
const MAX_FORM_BYTES = 4096;
const SELECT_HASH = {
  name: 'lp-link-password',
  text: 'SELECT p.hash FROM links l JOIN link_passwords p ON p.id = l.password_id WHERE l.id = $1',
};

function send(res: ServerResponse, status: number, headers: Record<string, string | number>, body: string, head: boolean): void {
  res.writeHead(status, headers);
  res.end(head ? undefined : body);
}

/** The form body (at most 4 kB is read; a longer one counts as a wrong password; past 64 kB the socket is closed). */
function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_FORM_BYTES) chunks.push(c);
      else if (size > 16 * MAX_FORM_BYTES) req.destroy();
    });
    req.on('end', () => resolve(size > MAX_FORM_BYTES ? null : new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', () => resolve(null));
    req.on('close', () => resolve(null));
  });
}

/**
 * A link with controls, in the order of docs/product.md#link-controls: expiry and click limit → password → rules → variants → utm →
 * redirect type. A refused visit (expired, used up, wrong password) is never a click; HEAD never takes a use.
 */
export async function controlledVisit(d: ControlsDeps, v: Visit): Promise<void> {
  const { res, link, method } = v;
  const x = link.x!;
  const head = method === 'HEAD';
  const hop = (url: string) => (link.leadsHome === true && d.isOwnUrl(url) ? withHop(url, v.hops + 1) : url);
  try {
    const expired = () => {
      if (x.expiredUrl) {
        res.writeHead(302, {
          Location: hop(asciiLocation(x.expiredUrl)),
          'Cache-Control': CACHE_CONTROL,
          'X-Robots-Tag': 'noindex',
          'Content-Length': '0',
        });
        res.end();
      } else send(res, 410, EXPIRED_HEADERS, EXPIRED_HTML, head);
    };
    if (x.expiresAt !== undefined && Date.now() >= x.expiresAt) return expired();
    // Bots are redirected while uses are left but never take one (they are not clicks).
    const bot = x.maxClicks !== undefined && isBotAgent(v.userAgent);
    // A crawler's preview is decided here, after expiry and the click limit: a used-up link answers it as a person.
    const preview = x.hasPassword !== true && method !== 'POST' ? v.preview : undefined;
    const peekOnly = head || bot || preview !== undefined || v.hops > 0 || (x.hasPassword === true && method !== 'POST');
    if (x.maxClicks !== undefined && peekOnly && !(await d.limiter.left(link.id, x.maxClicks))) return expired();
    if (preview) return preview();

    if (x.hasPassword) {
      if (method !== 'POST') return send(res, 200, FORM_HEADERS, PASSWORD_FORM_HTML, head);
      // The try is counted before the password is verified (atomically, per address group and per link).
      if (!(await d.tries.take(link.id, v.ip))) return send(res, 429, TRIES_HEADERS, TOO_MANY_TRIES_HTML, false);
      const form = await readForm(v.req);
      const password = form?.get('password') ?? '';
      const { rows } = await d.pg.query({ ...SELECT_HASH, values: [link.id] });
      const digest = (rows[0] as { hash: string } | undefined)?.hash;
      const right = digest !== undefined && password.length > 0 && (await verify(digest, password).catch(() => false));
      if (!right) return send(res, 401, WRONG_HEADERS, WRONG_PASSWORD_HTML, false);
      await d.tries.giveBack(link.id, v.ip);
    } else if (method === 'POST') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }

    let taken = false;
    if (x.maxClicks !== undefined && !peekOnly) {
      if ((await d.limiter.take(link.id, x.maxClicks)) === 'used-up') return expired();
      taken = true;
    }
    const choice = chooseDestination(link.url, x, v.code, { ip: v.ip, userAgent: v.userAgent, req: v.req });
    if (res.destroyed) {
      // The visitor left while we waited: no redirect was sent, so the use goes back and there is no click.
      if (taken) await d.limiter.giveBack(link.id);
      return;
    }
    // After the password form the answer to the POST is always a 302 (a 307/308 would re-POST the password).
    const status = method === 'POST' ? 302 : (x.redirectType ?? 302);
    const headers: Record<string, string> = {
      Location: hop(choice.url),
      'Cache-Control': CACHE_CONTROL,
      'X-Robots-Tag': 'noindex',
      'Content-Length': '0',
    };
    if (choice.setCookie) headers['Set-Cookie'] = choice.setCookie;
    res.writeHead(status, headers);
    res.end();
    d.counted();
    if (!head && v.hops === 0) {
      d.onClick(v.click(choice.variant ?? -1));
    }
  } catch (err) {
    // Redis or Postgres unavailable: a limited or protected link cannot be decided safely.
    d.log.warn('controlled link visit failed', { code: v.code, err });
    if (res.headersSent) return;
    send(res, 503, UNAVAILABLE_HEADERS, UNAVAILABLE_HTML, head);
  }
}
