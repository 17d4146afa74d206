import type { DataSource } from 'typeorm';
import type { AppConfig } from '@app/config';
import { classifyHost } from '@app/contracts';
import type { ForbiddenHost } from '../model/link.aggregate.js';
import { normalizeHost } from '../model/link-rules.js';

/** Our own short host (from SHORT_BASE_URL). */
export const shortHostOf = (config: Pick<AppConfig, 'shortBaseUrl'>): string => normalizeHost(new URL(config.shortBaseUrl).hostname);

/**
 * The hosts a link must not point at, for every URL a create/update names (originalUrl and the link controls'
 * URLs): our short host, every verified custom domain (of any user), which would make a redirect loop or chain,
 * and any address of this machine (leadsToThisMachine). The domain lookup is one query for all the URLs' hosts.
 */
export async function forbiddenHostsForUrls(
  dataSource: DataSource,
  config: Pick<AppConfig, 'shortBaseUrl' | 'apiPort' | 'redirectPort'>,
  rawUrls: unknown[],
): Promise<ForbiddenHost> {
  const shortHost = shortHostOf(config);
  const hosts = new Set<string>();
  const selfHosts = new Set<string>();
  for (const raw of rawUrls) {
    if (typeof raw !== 'string') continue;
    try {
      const url = new URL(raw.trim());
      const host = normalizeHost(url.hostname);
      hosts.add(host);
      if (leadsToThisMachine(host, url, config)) selfHosts.add(host);
    } catch {
      /* not a URL: validation says so */
    }
  }
  const lookup = [...hosts].filter((h) => !selfHosts.has(h));
  const registered = new Set<string>(
    lookup.length
      ? (
          await dataSource.query<{ d: string }[]>('SELECT DISTINCT lower(domain) AS d FROM domains WHERE lower(domain) = ANY($1) AND is_active', [
            lookup,
          ])
        ).map((r) => r.d)
      : [],
  );
  return (h) => h === shortHost || selfHosts.has(h) || registered.has(h);
}

/** Every URL a create/update body names (for forbiddenHostsForUrls). */
export function urlsOfRequest(req: { originalUrl?: unknown; expiredUrl?: unknown; rules?: unknown; variants?: unknown }): unknown[] {
  const urls: unknown[] = [req.originalUrl, req.expiredUrl];
  for (const list of [req.rules, req.variants]) if (Array.isArray(list)) for (const x of list) urls.push((x as { url?: unknown } | null)?.url);
  return urls;
}

/**
 * The redirector answers `/s/{code}` on any host, so an address of this machine loops: loopback and unspecified
 * addresses (any notation, any port; `localhost` too), and private or link-local addresses on our own ports.
 */
function leadsToThisMachine(host: string, url: URL, config: Pick<AppConfig, 'apiPort' | 'redirectPort'>): boolean {
  const kind = classifyHost(host);
  if (kind === 'loopback' || kind === 'unspecified') return true;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return (kind === 'private' || kind === 'link-local') && (port === config.redirectPort || port === config.apiPort);
}

/** Links of a domain whose destination host is `host`: renaming the domain to it would make them redirect to themselves. */
export async function linksPointingAt(dataSource: DataSource, domainId: string, host: string): Promise<number> {
  const [{ n }] = await dataSource.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM links
     WHERE domain_id = $1 AND rtrim(lower(substring(original_url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/:?#]+)')), '.') = $2`,
    [domainId, host],
  );
  return n;
}
