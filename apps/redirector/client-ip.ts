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
  const socketIp = normalizeIp(socketAddress ?? '');
  if (trustProxy <= 0 || forwardedFor === undefined) return socketIp;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  const hops = header.split(',');
  const candidate = hops[Math.max(0, hops.length - trustProxy)].trim();
  return isIP(candidate) ? normalizeIp(candidate) : socketIp;
}

export function clientIp(req: IncomingMessage, trustProxy: number): string {
  return clientIpFrom(req.socket.remoteAddress, trustProxy > 0 ? req.headers['x-forwarded-for'] : undefined, trustProxy);
}
