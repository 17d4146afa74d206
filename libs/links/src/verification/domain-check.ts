import type { DataSource } from 'typeorm';
import { AppError, challengeRecordFor } from '@app/contracts';
import type { EventMetadata, EventStore } from '@app/event-store';
import type { CustomDomain } from '../model/custom-domain.aggregate.js';
import { saveDomain } from '../commands/link-store.js';
import type { TxtLookup } from './txt-lookup.js';

/** Background re-checks of a pending domain back off to at most one every 6 hours. */
const MAX_DELAY_S = 6 * 3600;

const quoted = (values: string[]) => values.map((v) => `"${v.length > 100 ? `${v.slice(0, 100)}…` : v}"`).join(', ');

/**
 * Looks the domain's challenge record up now: verifies it (event) when a TXT value matches, otherwise records what
 * was found and when to look again (working state on the `domains` row). Returns true when verified.
 */
export async function checkDomain(
  deps: { store: EventStore; dataSource: DataSource; lookup: TxtLookup },
  domain: CustomDomain,
  now: Date,
  metadata: EventMetadata,
): Promise<boolean> {
  if (domain.verification === 'verified') return true;
  if (!domain.token) return false;
  const record = challengeRecordFor(domain.domain, domain.token);
  const found = await deps.lookup(record.name);
  if ('values' in found && domain.verify(found.values, record.value, now)) {
    try {
      await saveDomain(deps.store, domain, metadata);
      return true;
    } catch (err) {
      // Another account verified the name first: this claim keeps backing off, and the caller hears 409.
      if (err instanceof AppError && err.code === 'DOMAIN_TAKEN') await recordMiss(deps.dataSource, domain.id, now, err.message);
      throw err;
    }
  }
  const error =
    'error' in found
      ? found.error
      : found.values.length === 0
        ? `No TXT record found at ${record.name}.`
        : `The TXT record at ${record.name} does not contain "${record.value}" (found: ${quoted(found.values)}).`;
  await recordMiss(deps.dataSource, domain.id, now, error);
  return false;
}

async function recordMiss(dataSource: DataSource, id: string, now: Date, error: string): Promise<void> {
  // Backoff: the n-th miss waits 60 s × 2^n (2, 4, 8 … minutes), at most 6 hours.
  await dataSource.query<unknown>(
    `UPDATE domains SET verification_checked_at = $2, verification_error = $3, verification_attempts = verification_attempts + 1,
            verification_next_check_at = CASE WHEN verification_status = 'pending'
              THEN $2::timestamptz + make_interval(secs => least(60 * power(2, least(verification_attempts + 1, 20)), ${MAX_DELAY_S})) END
     WHERE id = $1`,
    [id, now.toISOString(), error],
  );
}
