import type { DataSource } from 'typeorm';
import type { EventMetadata, EventStore } from '@app/event-store';
import { loadDomain, saveDomain } from '../commands/link-store.js';
import type { CustomDomain } from '../model/custom-domain.aggregate.js';
import { checkDomain } from './domain-check.js';
import { createTxtLookup, type TxtLookup } from './txt-lookup.js';

/** Pending domains looked up per run (the rest wait for the next run, every minute). */
const BATCH = 100;

export interface DomainVerifier {
  /** Expires domains pending past their deadline, then checks those whose next check is due. */
  runDue(now?: Date): Promise<{ checked: number; verified: number; expired: number }>;
}

/**
 * The maintenance queue's domain check (docs/product.md#domain-ownership), run by the worker on its event store (every projection,
 * from @app/projections), so a verification updates the read model and the redirector's cache as the api would.
 */
export function createDomainVerifier(deps: {
  store: EventStore;
  /** DNS_SERVERS: resolvers for the TXT lookups; empty = the system resolver. */
  dnsServers: string[];
  dataSource: DataSource;
  lookup?: TxtLookup;
  onError?: (msg: string, err: unknown) => void;
}): DomainVerifier {
  const { store } = deps;
  const lookup = deps.lookup ?? createTxtLookup(deps.dnsServers);
  // No actor (the activity shows LinkPulse itself), in the domain's workspace like the api's changes
  // (docs/architecture.md "Workspaces", Activity).
  const metadata = (domain: CustomDomain): EventMetadata => ({
    actorId: null,
    workspaceId: domain.ownerId,
    requestId: 'maintenance:domain-verification',
  });

  return {
    async runDue(now = new Date()) {
      const result = { checked: 0, verified: 0, expired: 0 };
      const overdue = await deps.dataSource.query<{ id: string }[]>(
        `SELECT id FROM domains WHERE verification_status = 'pending' AND verification_expires_at <= $1 ORDER BY verification_expires_at LIMIT ${BATCH}`,
        [now.toISOString()],
      );
      for (const { id } of overdue) {
        const domain = await loadDomain(store, id);
        domain.expire(now);
        await saveDomain(store, domain, metadata(domain));
        result.expired++;
      }
      const due = await deps.dataSource.query<{ id: string }[]>(
        `SELECT id FROM domains WHERE verification_status = 'pending' AND verification_next_check_at <= $1 ORDER BY verification_next_check_at LIMIT ${BATCH}`,
        [now.toISOString()],
      );
      for (const { id } of due) {
        result.checked++;
        try {
          const domain = await loadDomain(store, id);
          if (await checkDomain({ store, dataSource: deps.dataSource, lookup }, domain, now, metadata(domain))) result.verified++;
        } catch (err) {
          // Someone else verified the name first (409) or the domain changed meanwhile: the next run sees the new state.
          deps.onError?.('domain check failed', err);
        }
      }
      return result;
    },
  };
}
