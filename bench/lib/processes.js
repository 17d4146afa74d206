// Start and stop the servers under test as child processes.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The children started here and still running: stopped when the bench is interrupted or exits. */
const running = new Set();
let guarded = false;

/**
 * On Ctrl-C, SIGTERM or any exit, the servers under test stop too: a killed bench once left its worker rolling a day
 * up in Postgres into the next run (docs/performance-history.md, "Each link's values by month").
 */
function guardChildren() {
  if (guarded) return;
  guarded = true;
  process.once('exit', () => running.forEach((c) => c.kill('SIGKILL')));
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ]) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping ${running.size} child process(es)`);
      Promise.all([...running].map((c) => stopProcess(c, 5_000))).finally(() => process.exit(code));
    });
  }
}

/** Spawns `node entry args` (entry: a path, or [...node flags, path]) and resolves once a GET of `readyUrl` answers. */
export async function startProcess(entry, args, env, readyUrl) {
  const child = spawn(process.execPath, [...[entry].flat(), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  guardChildren();
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout.on('data', (d) => (output = (output + d).slice(-4000)));
  child.stderr.on('data', (d) => (output = (output + d).slice(-4000)));
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}:\n${output}`);
    try {
      await fetch(readyUrl, { redirect: 'manual' });
      return { child, output: () => output };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not answer ${readyUrl} within 15 s:\n${output}`);
}

/** SIGTERM and wait for the exit (SIGKILL after `timeoutMs`). */
export function stopProcess(child, timeoutMs = 20_000) {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(t);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}
