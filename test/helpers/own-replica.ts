import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asPostgres, pgBin, startPgCtlService, type OwnService } from './own-services.js';

/**
 * A hot-standby streaming replica of the Postgres listening on `primaryPort` (startOwnPostgres: trust auth, so the
 * replication connection needs nothing else): `pg_basebackup -R` into a temp dir, started with pg_ctl on `port`.
 * Its url names database `linkpulse`; swap the path for another database of the primary.
 */
export async function startOwnReplica(primaryPort: number, port: number): Promise<OwnService> {
  const dir = mkdtempSync(join(tmpdir(), 'lp-pg-replica-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  asPostgres([
    pgBin('pg_basebackup'),
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '--checkpoint=fast',
    '--no-sync',
  ]);
  return startPgCtlService(dir, port, `the replica on ${port}`, ' -c hot_standby=on');
}
