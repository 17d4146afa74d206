import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A built app (dist/apps/<name>/main.js) running as a child process. */
export interface BuiltProcess {
  name: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout + stderr). */
  output(): string;
  /** Resolves when `predicate(output)` holds; rejects after timeoutMs or when the process exits first. */
  waitForOutput(predicate: string | RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM, then SIGKILL after graceMs; resolves with the exit code (null when killed by a signal). */
  stop(graceMs?: number): Promise<number | null>;
}

export interface StartOptions {
  /** Resolve once this URL answers (any status below 500). */
  waitForUrl?: string;
  /** Resolve once this text or pattern appears in the output. */
  waitForLine?: string | RegExp;
  timeoutMs?: number;
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Runs `npm run build:server` when dist/apps/<name>/main.js is missing (or always with force). */
export function ensureBuilt(names: string[] = ['api'], force = false): void {
  if (!force && names.every((n) => existsSync(`dist/apps/${n}/main.js`))) return;
  const res = spawnSync('npm', ['run', 'build:server'], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`npm run build:server failed:\n${res.stdout}\n${res.stderr}`);
}

/** Starts `node dist/apps/<name>/main.js` with env on top of process.env; waits for a URL and/or a log line. */
export async function startBuiltProcess(name: string, env: Record<string, string>, opts: StartOptions = {}): Promise<BuiltProcess> {
  // Like the in-process test api: a built api's Redis commands give up after 5 s, not the production 500 ms, so a
  // loaded CI machine does not fail its boot (Redis-outage suites pass REDIS_COMMAND_TIMEOUT_MS themselves).
  const childEnv = { ...process.env, REDIS_COMMAND_TIMEOUT_MS: '5000', ...env };
  const child = spawn(process.execPath, [`dist/apps/${name}/main.js`], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running = () => child.exitCode === null && child.signalCode === null;

  const waitUntil = async (check: () => Promise<boolean> | boolean, what: string, timeoutMs = opts.timeoutMs ?? 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await check()) return;
      if (!running()) throw new Error(`${name} exited (code ${child.exitCode}) before ${what}:\n${out}`);
      await sleep(100);
    }
    throw new Error(`${name}: timed out after ${timeoutMs} ms waiting for ${what}:\n${out}`);
  };
  const matches = (p: string | RegExp) => (typeof p === 'string' ? out.includes(p) : p.test(out));

  const proc: BuiltProcess = {
    name,
    child,
    output: () => out,
    waitForOutput: (p, timeoutMs) => waitUntil(() => matches(p), `output ${String(p)}`, timeoutMs),
    async stop(graceMs = 10_000) {
      if (!running()) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  try {
    if (opts.waitForLine) await proc.waitForOutput(opts.waitForLine);
    if (opts.waitForUrl) {
      const url = opts.waitForUrl;
      await waitUntil(async () => {
        const res = await fetch(url, { redirect: 'manual' }).catch(() => null);
        return res !== null && res.status < 500;
      }, url);
    }
  } catch (err) {
    await proc.stop(2000);
    throw err;
  }
  return proc;
}
