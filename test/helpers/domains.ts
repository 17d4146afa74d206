import type { DomainDto } from '@app/contracts';
import type { TestApi } from './test-api.js';

/**
 * Adds a custom domain and proves ownership as its owner would (docs/product.md#domain-ownership): the TXT record the api asks for is
 * published on the test's DNS server, then `POST /api/domains/{id}/verify`. Returns the verified domain.
 */
export async function addVerifiedDomain(api: TestApi, session: string, domain: string): Promise<DomainDto> {
  const added = await api.call('POST', '/api/domains', { session, body: { domain } });
  if (added.status !== 201) throw new Error(`add ${domain}: ${added.status} ${JSON.stringify(added.body)}`);
  return verifyDomain(api, session, added.body);
}

/** Publishes the domain's challenge record and asks the api to check it now. */
export async function verifyDomain(api: TestApi, session: string, domain: DomainDto): Promise<DomainDto> {
  const { record } = domain.verification;
  if (record) api.dns.setTxt(record.name, [record.value]);
  const res = await api.call('POST', `/api/domains/${domain.id}/verify`, { session });
  if (res.status !== 200 || !res.body.isActive) throw new Error(`verify ${domain.domain}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
