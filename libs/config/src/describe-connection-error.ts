/** One clear line when Postgres or Redis cannot be reached, instead of a stack trace loop. */
export function describeConnectionError(what: 'Postgres' | 'Redis', url: string, err: unknown): string {
  const safeUrl = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  const reason = err instanceof Error ? err.message : String(err);
  const hint =
    what === 'Postgres'
      ? 'start it with: pg_ctlcluster $(ls /etc/postgresql) main start (or docker compose up postgres), or set DATABASE_URL'
      : 'start it with: redis-server --daemonize yes (or docker compose up redis), or set REDIS_URL';
  return `Cannot connect to ${what} at ${safeUrl} (${reason}); ${hint}`;
}
