import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAndWait, redisServerArgs, waitUntil } from './own-services.js';

/** A private Redis Cluster of masters without replicas (one redis-server per port; bus ports are port + 10000). */
export interface OwnRedisCluster {
  /** REDIS_CLUSTER_NODES value: `127.0.0.1:p1,127.0.0.1:p2,…`. */
  nodes: string;
  ports: number[];
  /** redis-cli against one node (cluster mode, follows redirects). */
  cli(port: number, ...args: string[]): string;
  destroy(): Promise<void>;
}

export async function startOwnRedisCluster(ports: number[]): Promise<OwnRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'lp-redis-cluster-'));
  const procs: ChildProcess[] = [];
  const cli = (port: number, ...args: string[]) => spawnSync('redis-cli', ['-c', '-p', String(port), ...args], { encoding: 'utf8' }).stdout.trim();
  for (const port of ports) {
    const clusterArgs = ['--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', '5000'];
    const aofArgs = ['--appendonly', 'yes', '--appendfilename', `appendonly-${port}.aof`, '--appenddirname', `aof-${port}`];
    procs.push(spawn('redis-server', redisServerArgs(port, dir, [...clusterArgs, ...aofArgs]), { stdio: 'ignore' }));
  }
  const cluster: OwnRedisCluster = {
    nodes: ports.map((p) => `127.0.0.1:${p}`).join(','),
    ports,
    cli,
    async destroy() {
      await Promise.all(procs.map((p) => killAndWait(p)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    for (const port of ports) await waitUntil(() => cli(port, 'ping') === 'PONG', `redis on ${port}`, 30_000);
    const created = spawnSync('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-yes'], { encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    for (const port of ports) await waitUntil(() => cli(port, 'cluster', 'info').includes('cluster_state:ok'), `cluster state ok on ${port}`, 30_000);
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}
