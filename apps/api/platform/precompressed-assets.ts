import { existsSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type express from 'express';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Chooses the encoding the client accepts (brotli over gzip); q=0 refuses one. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/**
 * Serves `/assets/*` from the `.br`/`.gz` files the web build wrote next to each asset (no compression per request),
 * with `Content-Encoding`, `Vary: Accept-Encoding` and the immutable cache header; anything else goes on to
 * express.static (which serves the uncompressed file to clients that accept neither).
 */
export function precompressedAssets(dir: string): express.RequestHandler {
  const root = resolve(dir);
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/')) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (!encoding) return next();
    let path: string;
    try {
      path = resolve(root, `.${decodeURIComponent(req.path)}`);
    } catch {
      return next();
    }
    if (!path.startsWith(root + sep)) return next();
    const file = path + SUFFIX[encoding];
    if (!existsSync(file)) return next();
    res.type(extname(path));
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', IMMUTABLE_CACHE);
    res.sendFile(file, { maxAge: 0, cacheControl: false, lastModified: true }, (err) => {
      if (err && !res.headersSent) next();
    });
  };
}
