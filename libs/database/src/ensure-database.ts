import pg from 'pg';
import { pgErrorCode } from './pg-errors.js';

/** Creates the database named in the URL when it does not exist yet (connecting to the `postgres` database). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database');
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const found = await client.query<{ '?column?': number }>('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query<Record<string, never>>(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    } catch (err) {
      // Another process created it at the same moment.
      if (pgErrorCode(err) !== '42P04') throw err;
      return false;
    }
    return true;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query<Record<string, never>>(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
