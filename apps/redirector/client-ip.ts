import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack socket) → `1.2.3.4`. */
export function normalizeIp(ip: string): string {
  return ip.length > 7 && ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/**
 * The client's address: the socket's, or with `trustProxy` hops the X-Forwarded-For entry that many hops from the
 * right (each trusted proxy appended the address it saw). Anything that is not an IP falls back to the socket.
 */
export function clientIpFrom(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: number): string {
  if (trustProxy > 0 && forwardedFor !== undefined) {
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
    // One address (one proxy in front, the usual case) needs no split.
    let candidate = header;
    if (header.indexOf(',') !== -1) {
      const hops = header.split(',');
      candidate = hops[Math.max(0, hops.length - trustProxy)];
    }
    candidate = candidate.trim();
    if (isIP(candidate)) return normalizeIp(candidate);
  }
  return normalizeIp(socketAddress ?? '');
}

export function clientIp(req: IncomingMessage, trustProxy: number): string {
  return clientIpFrom(req.socket.remoteAddress, trustProxy > 0 ? req.headers['x-forwarded-for'] : undefined, trustProxy);
}
