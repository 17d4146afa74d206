import { lookup as systemLookup, Resolver } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * SSRF guard (docs/product.md#webhooks): only public unicast addresses. ipaddr.js names every special range (loopback,
 * private, linkLocal incl. 169.254.169.254, carrierGradeNat, uniqueLocal, unspecified, multicast, 6to4/NAT64 …);
 * IPv4-mapped IPv6 (::ffff:127.0.0.1) is unwrapped first, so it is judged as the IPv4 address it is.
 */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return true;
  const parsed = ipaddr.parse(bare);
  // IPv4 carried in IPv6 (::/96 IPv4-compatible, ::ffff:0:0/96 translated, in any notation such as ::7f00:1) is
  // refused whatever it carries: ipaddr.js calls ::7f00:1 plain unicast, and no public webhook needs these forms.
  if (parsed.kind() === 'ipv6' && !(parsed as ipaddr.IPv6).isIPv4MappedAddress() && (parsed as ipaddr.IPv6).parts.slice(0, 5).every((p) => p === 0))
    return true;
  return ipaddr.process(bare).range() !== 'unicast';
}

export type LookupAll = (host: string) => Promise<string[]>;

/** Host → every address: the system resolver, or the given DNS servers (WEBHOOK_DNS_SERVERS). */
export function createLookup(servers: string[] = []): LookupAll {
  if (servers.length === 0) {
    return (host) =>
      new Promise((resolve, reject) => systemLookup(host, { all: true }, (err, addrs) => (err ? reject(err) : resolve(addrs.map((a) => a.address)))));
  }
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers(servers);
  const query = (fn: 'resolve4' | 'resolve6', host: string) =>
    new Promise<string[]>((resolve) => resolver[fn](host, (err, addrs) => resolve(err ? [] : addrs)));
  return async (host) => {
    const all = [...(await query('resolve4', host)), ...(await query('resolve6', host))];
    if (all.length === 0) throw Object.assign(new Error(`${host} does not resolve`), { code: 'ENOTFOUND' });
    return all;
  };
}

/**
 * The addresses a host name (or IP literal) stands for; throws a RefusedDestinationError when one of them is not
 * public (unless allowed) or when the name does not resolve at all.
 */
export async function publicAddresses(host: string, lookup: LookupAll, allowPrivate: boolean): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : await lookup(bare);
  } catch {
    throw new RefusedDestinationError(host);
  }
  if (!allowPrivate && addresses.some(isBlockedAddress)) throw new RefusedDestinationError(host);
  return addresses;
}

/**
 * A destination webhooks may not reach (docs/security.md#webhooks). Its message names the host as the user gave it and
 * never what this server's resolver answered: a name that resolves to an internal address and a name that does not
 * resolve read the same, so the messages are no oracle of the internal DNS view. An IP literal is named as typed.
 */
export class RefusedDestinationError extends Error {
  constructor(readonly host: string) {
    super(
      isIP(host.replace(/^\[|\]$/g, ''))
        ? `${host} is a loopback, private, link-local or metadata address`
        : `${host} does not resolve to a public address`,
    );
  }
}
