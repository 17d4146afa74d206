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
  /** Sends a signal to the running server (SIGSTOP freezes it: connections stay open, nothing answers; SIGCONT). */
  signal?(sig: NodeJS.Signals): void;
}

export async function waitUntil(check: () => boolean, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A private redis-server's arguments: on 127.0.0.1 only, files in `dir`, no RDB snapshots, never evicting (queues). */
export function redisServerArgs(port: number, dir: string, extra: string[]): string[] {
  return ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, ...extra, '--save', '', '--maxmemory-policy', 'noeviction'];
}

/** Sends `signal` to a running child and resolves once it has exited. */
export async function killAndWait(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
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
      proc = spawn('redis-server', redisServerArgs(port, dir, ['--appendonly', 'yes', '--appendfsync', 'always']), { stdio: 'ignore' });
      await waitUntil(ping, `redis on ${port}`);
    },
    async stop(mode = 'kill') {
      const p = proc;
      proc = null;
      if (p) await killAndWait(p, mode === 'kill' ? 'SIGKILL' : 'SIGTERM');
    },
    async destroy() {
      (proc as ChildProcess | null)?.kill('SIGCONT');
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    signal(sig) {
      (proc as ChildProcess | null)?.kill(sig);
    },
  };
  await service.start();
  return service;
}

export function pgBin(name: string): string {
  const versions = readdirSync('/usr/lib/postgresql').sort();
  return `/usr/lib/postgresql/${versions[versions.length - 1]}/bin/${name}`;
}

/** A throwaway Postgres cluster (initdb in a temp dir, run as the postgres OS user, trust auth). */
export async function startOwnPostgres(port: number): Promise<OwnService> {
  const dir = mkdtempSync(join(tmpdir(), 'lp-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  asPostgres([pgBin('initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  return startPgCtlService(dir, port, `postgres on ${port}`);
}

/** Runs a Postgres program as the postgres OS user (the data directories belong to it). */
export function asPostgres(args: string[]) {
  const r = spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args[0]} failed: ${r.stderr || r.stdout}`);
  return r;
}

/**
 * Starts the Postgres cluster in `dir`/data with pg_ctl on `port` (socket and log in `dir`, no fsync) and returns it
 * as an OwnService; `what` names it in the timeout error, `options` are extra server settings.
 */
export async function startPgCtlService(dir: string, port: number, what: string, options = ''): Promise<OwnService> {
  const data = join(dir, 'data');
  const ready = () => spawnSync(pgBin('pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status === 0;
  const service: OwnService = {
    url: `postgres://postgres@127.0.0.1:${port}/linkpulse`,
    port,
    async start() {
      asPostgres([
        pgBin('pg_ctl'),
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100${options}`,
        'start',
      ]);
      await waitUntil(ready, what);
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
