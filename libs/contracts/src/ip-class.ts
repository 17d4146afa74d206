/** What a URL's host is, for deciding whether it may be fetched or redirected to. */
export type HostClass = 'loopback' | 'unspecified' | 'private' | 'link-local' | 'public' | 'name';

/**
 * Classifies a host as a WHATWG URL gives it (`new URL(x).hostname`: IPv4 in any notation — 0x7f.1, 2130706433,
 * 0177.0.0.1 — is already dotted decimal, IPv6 is bracketed and compressed). IPv4-mapped IPv6 is classified as its
 * IPv4 address. Pure and dependency-free: reusable for redirect-loop checks and SSRF checks (webhooks) alike.
 * `name` is any DNS name other than localhost: resolve it and classify the addresses to know where it leads.
 */
export function classifyHost(hostname: string): HostClass {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') && host.endsWith(']')) return classifyIpv6(host.slice(1, -1));
  const v4 = parseIpv4(host);
  if (v4) return classifyIpv4(v4);
  if (host.includes(':')) return classifyIpv6(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  return 'name';
}

function parseIpv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

function classifyIpv4([a, b]: number[]): HostClass {
  if (a === 127) return 'loopback';
  if (a === 0) return 'unspecified';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  return 'public';
}

/** 8 groups of 16 bits, or null when not an IPv6 address. */
function parseIpv6(text: string): number[] | null {
  let s = text;
  const dotted = /(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(s);
  if (dotted) {
    // ::ffff:1.2.3.4 → ::ffff:102:304
    const v4 = parseIpv4(dotted[1]);
    if (!v4) return null;
    s = s.slice(0, -dotted[1].length) + `${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  const known = head.length + rest.length;
  if ([...head, ...rest].some(Number.isNaN) || known > 8 || (halves.length === 1 && known !== 8)) return null;
  return [...head, ...Array(8 - known).fill(0), ...rest];
}

function classifyIpv6(text: string): HostClass {
  const g = parseIpv6(text);
  if (!g) return 'name';
  const zeroUntil = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUntil(7) && g[7] === 1) return 'loopback';
  if (zeroUntil(8)) return 'unspecified';
  if (zeroUntil(5) && g[5] === 0xffff) return classifyIpv4([g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff]);
  if ((g[0] & 0xfe00) === 0xfc00) return 'private';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  return 'public';
}
