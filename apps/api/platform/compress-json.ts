import compression from 'compression';
import type express from 'express';

/** Responses at least this long are compressed (smaller ones would not gain what the encoding costs). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Every api response over 1 kB sent brotli- or gzip-compressed as the client's Accept-Encoding asks (brotli
 * preferred), by the `compression` middleware (1.8 speaks brotli; quality 4 by default: fast enough for a
 * streamed list). A 100,000-link unpaged list goes from 51 MB to a few MB on the wire. Streams (the unpaged link list,
 * raw click exports) are compressed as they are written. Built web assets are precompressed at build time instead.
 */
export function compressJson(): express.RequestHandler {
  return compression({ threshold: COMPRESS_THRESHOLD_BYTES });
}
