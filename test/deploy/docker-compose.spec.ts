import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** No Docker engine runs here: check the compose file's shape instead of running it. */
describe('docker-compose.yml', () => {
  const compose = parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true });
  const services = compose.services;

  it('has postgres, redis, api, redirector and worker, each with a health check', () => {
    const byDefault = Object.keys(services).filter((name) => !services[name].profiles);
    expect(byDefault.sort()).toEqual(['api', 'postgres', 'redirector', 'redis', 'worker']);
    for (const name of Object.keys(services)) expect(services[name].healthcheck?.test).toBeDefined();
  });

  it('profile cluster adds a 3-master Redis Cluster and a streaming Postgres replica the apps can switch to', () => {
    const cluster = Object.keys(services).filter((name) => services[name].profiles?.includes('cluster'));
    expect(cluster.sort()).toEqual(['postgres-replica', 'redis-1', 'redis-2', 'redis-3', 'redis-cluster-init']);
    for (const n of ['redis-1', 'redis-2', 'redis-3'])
      expect(services[n].command.join(' ')).toContain('--cluster-enabled yes --cluster-config-file nodes.conf --appendonly yes');
    expect(services['redis-cluster-init'].command.join(' ')).toContain('redis-cli --cluster create');
    expect(services['postgres-replica'].command.join(' ')).toContain('pg_basebackup -h postgres -U postgres -D /var/lib/postgresql/data -R');
    for (const name of ['api', 'redirector', 'worker']) {
      expect(services[name].environment.REDIS_CLUSTER_NODES).toBe('${REDIS_CLUSTER_NODES:-}');
      expect(services[name].environment.DATABASE_READ_URL).toBe('${DATABASE_READ_URL:-}');
    }
  });

  it('publishes the api on 3000 and the redirector on 8080, and no port for the worker (so it scales)', () => {
    expect(services.api.ports).toContain('3000:3000');
    expect(services.redirector.ports).toContain('8080:8080');
    expect(services.worker.ports).toBeUndefined();
    expect(services.worker.container_name).toBeUndefined();
  });

  it('persists Redis with AOF and never evicts queued clicks', () => {
    const cmd = services.redis.command.join(' ');
    expect(cmd).toContain('--appendonly yes');
    expect(cmd).toContain('--maxmemory-policy noeviction');
  });

  it('points the apps at the compose postgres and redis and starts each app', () => {
    for (const name of ['api', 'redirector', 'worker']) {
      expect(services[name].environment.DATABASE_URL).toContain('@postgres:5432/linkpulse');
      expect(services[name].environment.REDIS_URL).toBe('redis://redis:6379');
      expect(services[name].command.join(' ')).toBe(`node dist/apps/${name}/main.js`);
    }
  });

  it('builds with a multi-stage Dockerfile', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toContain('COPY --from=build');
  });
});
