import type { DataSource } from 'typeorm';
import type { AppConfig } from '@app/config';
import type { ForbiddenHost } from '../domain/link.aggregate.js';
import { normalizeHost } from '../domain/link-rules.js';

/** Our own short host (from SHORT_BASE_URL). */
export const shortHostOf = (config: Pick<AppConfig, 'shortBaseUrl'>): string => normalizeHost(new URL(config.shortBaseUrl).hostname);

/**
 * The hosts a link must not point at: our short host and every registered custom domain (of any user), which
 * would make a redirect loop or chain. The domain lookup is done once for the URL's host before deciding.
 */
export async function forbiddenHostsFor(dataSource: DataSource, config: Pick<AppConfig, 'shortBaseUrl'>, rawUrl: string): Promise<ForbiddenHost> {
  const shortHost = shortHostOf(config);
  let host = '';
  try {
    host = normalizeHost(new URL(String(rawUrl ?? '').trim()).hostname);
  } catch {
    /* not a URL: the aggregate says so */
  }
  const registered = host
    ? (await dataSource.query('SELECT 1 FROM domains WHERE lower(domain) = $1 LIMIT 1', [host])).length > 0
    : false;
  return (h) => h === shortHost || (h === host && registered);
}
