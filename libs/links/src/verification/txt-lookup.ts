import { Resolver } from 'node:dns/promises';

/** What a TXT lookup found: the record's values (chunks joined), or why there are none. */
export type TxtResult = { values: string[] } | { error: string };

export type TxtLookup = (name: string) => Promise<TxtResult>;

const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/**
 * TXT lookups on the system resolver, or on `servers` (DNS_SERVERS: `ip:port`) when given. Bounded: 3 s per try,
 * 2 tries, so a dead resolver cannot hold a request.
 */
export function createTxtLookup(servers: readonly string[]): TxtLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length) resolver.setServers([...servers]);
  return async (name) => {
    try {
      const records = await resolver.resolveTxt(name);
      return { values: records.map((chunks) => chunks.join('')) };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (NOT_FOUND.has(code)) return { values: [] };
      return { error: `The DNS lookup of ${name} failed (${code || 'error'}); it will be retried.` };
    }
  };
}
