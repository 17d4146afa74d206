import type { Request } from 'express';

export type ApiRequest = Request & { id?: string };

/** The caller's address (after TRUST_PROXY) and user agent: what a session records and the rate limits count by. */
export const clientIp = (req: ApiRequest): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
export const userAgentOf = (req: ApiRequest): string | null => {
  const ua = req.headers['user-agent'];
  return typeof ua === 'string' && ua !== '' ? ua : null;
};
