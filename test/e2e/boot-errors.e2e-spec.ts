import { spawnSync } from 'node:child_process';

/** A wrong variable or an unreachable Postgres/Redis stops a process at boot with one line that says what to do. */
describe('boot errors', () => {
  const boot = (app: string, env: Record<string, string>) => {
    const r = spawnSync(process.execPath, [`dist/apps/${app}/main.js`], {
      env: { ...process.env, LOG_LEVEL: 'error', WEB_DIST: '/nonexistent', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    return { status: r.status, stderr: r.stderr.trim() };
  };

  it.each(['api', 'redirector', 'worker'])('%s names a wrong variable', (app) => {
    const r = boot(app, { REDIRECT_PORT: 'eighty' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('REDIRECT_PORT must be a whole number, got "eighty"');
    expect(r.stderr.split('\n')).toHaveLength(1);
  });

  it.each(['api', 'redirector', 'worker'])('%s says which Postgres URL failed and how to start it', (app) => {
    const r = boot(app, { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/linkpulse' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Cannot connect to Postgres at postgres://postgres@127.0.0.1:1/linkpulse');
    expect(r.stderr).toContain('start it with');
    expect(r.stderr.split('\n')).toHaveLength(1);
  });

  it.each(['api', 'redirector', 'worker'])('%s says which Redis URL failed and how to start it', (app) => {
    const r = boot(app, { REDIS_URL: 'redis://127.0.0.1:1', DATABASE_URL: `postgres://postgres@127.0.0.1:5432/lp_boot_${process.pid}` });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('Cannot connect to Redis at redis://127.0.0.1:1');
    expect(r.stderr.split('\n')).toHaveLength(1);
  });

  afterAll(async () => {
    const { dropDatabase } = await import('@app/database');
    await dropDatabase(`postgres://postgres@127.0.0.1:5432/lp_boot_${process.pid}`);
  });
});
