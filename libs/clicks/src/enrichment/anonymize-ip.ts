import { isIP } from 'node:net';

/** `::ffff:1.2.3.4` (IPv4 mapped into IPv6, as node reports sockets) → `1.2.3.4`; anything else unchanged. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  if (trimmed.charCodeAt(0) !== 58 /* ':' */) return trimmed; // the usual case, no regex per click
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped ? mapped[1] : trimmed;
}

function expandIpv6(ip: string): number[] | null {
  let text = ip.split('%')[0];
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parts = (s: string | undefined) => (s ? s.split(':').map((h) => parseInt(h, 16)) : []);
  const left = parts(head);
  const right = parts(tail);
  if (tail === undefined) return left.length === 8 ? left : null;
  return [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

/** IPv4 → its /24 (`x.y.z.0`), IPv6 → its /48 (`a:b:c::`); a string that is no IP is returned unchanged. */
export function anonymizeIp(ip: string): string {
  const kind = isIP(ip);
  if (kind === 4) return ip.split('.').slice(0, 3).join('.') + '.0';
  if (kind === 6) {
    const groups = expandIpv6(ip);
    if (!groups) return ip;
    return (
      groups
        .slice(0, 3)
        .map((g) => g.toString(16))
        .join(':') + '::'
    );
  }
  return ip;
}
