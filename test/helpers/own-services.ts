import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Private Redis and Postgres servers on spare ports for fault tests: they may be killed and restarted
 * without touching the machine's shared services.
 */
export interface OwnService {
  url: string;
  port: number;
  stop(mode?: 'kill' | 'graceful'): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

async function waitUntil(check: () => boolean, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** redis-server with append-only persistence in a temp dir (like production), so a restart keeps queued jobs. */
export async function startOwnRedis(port: number): Promise<OwnService> {
  const dir = mkdtempSync(join(tmpdir(), 'lp-redis-'));
  let proc: ChildProcess | null = null;
  const ping = () => spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG';
  const service: OwnService = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      proc = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '', '--maxmemory-policy', 'noeviction'],
        { stdio: 'ignore' },
      );
      await waitUntil(ping, `redis on ${port}`);
    },
    async stop(mode = 'kill') {
      if (!proc) return;
      const p = proc;
      proc = null;
      const exited = new Promise((r) => p.once('exit', r));
      p.kill(mode === 'kill' ? 'SIGKILL' : 'SIGTERM');
      await exited;
    },
    async destroy() {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await service.start();
  return service;
}

function pgBin(name: string): string {
  const versions = readdirSync('/usr/lib/postgresql').sort();
  return `/usr/lib/postgresql/${versions[versions.length - 1]}/bin/${name}`;
}

/** A throwaway Postgres cluster (initdb in a temp dir, run as the postgres OS user, trust auth). */
export async function startOwnPostgres(port: number): Promise<OwnService> {
  const dir = mkdtempSync(join(tmpdir(), 'lp-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const asPostgres = (args: string[]) => {
    const r = spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${args[0]} failed: ${r.stderr || r.stdout}`);
    return r;
  };
  asPostgres([pgBin('initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const ready = () => spawnSync(pgBin('pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status === 0;
  const service: OwnService = {
    url: `postgres://postgres@127.0.0.1:${port}/linkpulse`,
    port,
    async start() {
      asPostgres([
        pgBin('pg_ctl'), '-D', data, '-l', join(dir, 'log'), '-w', '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`, 'start',
      ]);
      await waitUntil(ready, `postgres on ${port}`);
    },
    async stop(mode = 'graceful') {
      asPostgres([pgBin('pg_ctl'), '-D', data, '-m', mode === 'kill' ? 'immediate' : 'fast', '-w', 'stop']);
    },
    async destroy() {
      try {
        await service.stop('kill');
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await service.start();
  return service;
}
