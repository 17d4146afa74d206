import { classifyHost, type CachedLink } from '@app/contracts';

/**
 * Redirect loops (issue 16 item 4). A destination on one of our own hosts (the short host, an active custom domain,
 * this machine) comes back to the redirector; links that predate the host policy, or a domain renamed or verified
 * onto a host links point at, do that. The redirector then adds `lp_hop=N` to the Location; a request that carries
 * it is a hop of a visit already counted, so it is never a click, and at MAX_HOPS the answer is 508 Loop Detected.
 * A plain link to someone else's host takes none of this: its flag is computed once, when it enters the LRU.
 */
export const HOP_PARAM = 'lp_hop';
/** Hops followed before 508: enough for a legitimate link → own domain → link chain, few enough to stop a loop fast. */
export const MAX_HOPS = 3;

const HOP_RE = /[?&]lp_hop=(\d{1,3})(?:&|#|$)/;

/** The hop count a request URL carries; `q` is the index of its '?' (the caller has it already). */
export function hopsOf(url: string, q: number): number {
  const m = HOP_RE.exec(url.slice(q));
  return m ? Number(m[1]) : 0;
}

/** The destination with `lp_hop=hops` set (any earlier value replaced). */
export function withHop(destination: string, hops: number): string {
  try {
    const url = new URL(destination);
    url.searchParams.set(HOP_PARAM, String(hops));
    return url.href;
  } catch {
    return destination;
  }
}

/**
 * Our own hosts as a destination sees them: the fixed ones (short host, localhost, any loopback or unspecified
 * address in any notation: WHATWG URL has already turned `0x7f.1` into `127.0.0.1`) and the active custom domains,
 * which the redirector reloads from Postgres (`replaceDomains`).
 */
export class OwnDestinations {
  private domains = new Set<string>();

  constructor(private readonly fixed: Set<string>) {}

  /** Replaces the active custom domains; true when the set changed (cached flags are then stale). */
  replaceDomains(names: Iterable<string>): boolean {
    const next = new Set<string>();
    for (const n of names) next.add(n.toLowerCase().replace(/\.$/, ''));
    const changed = next.size !== this.domains.size || [...next].some((n) => !this.domains.has(n));
    this.domains = next;
    return changed;
  }

  /** Whether this absolute URL's host is one of ours. */
  isOwnUrl(url: string): boolean {
    let host: string;
    try {
      host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    } catch {
      return false;
    }
    if (this.fixed.has(host) || this.domains.has(host)) return true;
    const kind = classifyHost(host);
    return kind === 'loopback' || kind === 'unspecified';
  }

  /** Whether any destination of the link (its URL, expired URL, rule and variant URLs) is one of ours. */
  linkLeadsHome(link: CachedLink): boolean {
    if (this.isOwnUrl(link.url)) return true;
    const x = link.x;
    if (x === undefined) return false;
    if (x.expiredUrl !== undefined && this.isOwnUrl(x.expiredUrl)) return true;
    return (x.rules ?? []).some((r) => this.isOwnUrl(r.url)) || (x.variants ?? []).some((v) => this.isOwnUrl(v.url));
  }
}
