import type { DataSource } from 'typeorm';
import type { AppConfig, Logger } from '@app/config';
import type { EventStore } from '@app/event-store';
import { rollUpClosedDays } from '@app/clicks';
import { purgeExpiredSessions } from '@app/identity';
import { createDomainVerifier } from '@app/links';
import type { MaintenanceJob } from '@app/operations';

/** Periodic jobs of feature libs, run on the maintenance queue. */
export function maintenanceJobs(config: AppConfig, store: EventStore, dataSource: DataSource, log: Logger): MaintenanceJob[] {
  const verifier = createDomainVerifier({ store, dnsServers: config.dnsServers, dataSource, onError: (msg, err) => log.warn(msg, { err }) });
  // Pending custom domains: looked up with backoff, expired after 7 days (docs/product.md#domain-ownership).
  return [
    { name: 'domain-verification', everyMs: 60_000, run: () => verifier.runDue() },
    // Expired sessions never sign anyone in; deleting them keeps the table (and stolen-dump value) small.
    { name: 'session-purge', everyMs: 60 * 60_000, run: async () => ({ purged: await purgeExpiredSessions(dataSource) }) },
    // A UTC day reaches the per-day rollups once it has closed (migration DaysRolledUp): checked every minute, so
    // the reads take the day from the 15-minute tables for a minute or two after midnight at most.
    { name: 'day-rollup', everyMs: 60_000, run: () => rollUpClosedDays(dataSource) },
  ];
}
