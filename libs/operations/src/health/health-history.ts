import type { DataSource } from 'typeorm';
import type { HealthDto } from '@app/contracts';

/** How many error messages the health response carries. */
export const ERROR_HISTORY_LIMIT = 20;

export interface HealthHistory {
  lastCheck: string | null;
  /** "<ISO time> <message>" of failed checks, newest first. */
  errors: string[];
}

/** Persists one check (the hourly job, a forced check or a recovery) in health_checks. */
export async function recordHealthCheck(dataSource: DataSource, health: HealthDto, currentErrors: string[], actions: string[] = []): Promise<Date> {
  const rows = await dataSource.query<{ checked_at: Date }[]>(
    'INSERT INTO health_checks (status, errors, actions) VALUES ($1, $2, $3) RETURNING checked_at',
    [health.status, JSON.stringify(currentErrors), JSON.stringify(actions)],
  );
  return rows[0].checked_at;
}

/** Time of the latest persisted check and the messages of recent failed ones. */
export async function readHealthHistory(dataSource: DataSource): Promise<HealthHistory> {
  const [last] = await dataSource.query<{ at: Date | null }[]>('SELECT max(checked_at) AS at FROM health_checks');
  const failed = await dataSource.query<{ checked_at: Date; errors: string[] }[]>(
    `SELECT checked_at, errors FROM health_checks
      WHERE jsonb_array_length(errors) > 0
      ORDER BY checked_at DESC, id DESC LIMIT $1`,
    [ERROR_HISTORY_LIMIT],
  );
  const errors = failed.flatMap((r) => r.errors.map((m) => stamp(r.checked_at, m))).slice(0, ERROR_HISTORY_LIMIT);
  return { lastCheck: last?.at ? new Date(last.at).toISOString() : null, errors };
}

export const stamp = (at: Date, message: string): string => `${new Date(at).toISOString()} ${message}`;
