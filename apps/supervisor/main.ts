import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { createLogger, loadConfig } from '@app/config';
import { prepareSystem } from './prepare.js';

/**
 * `npm start`: prepares the database and the first admin, then runs api, redirector and worker as supervised
 * child processes. One that crashes is restarted with backoff; the others keep serving.
 */
const here = dirname(fileURLToPath(import.meta.url));
const processes = [
  { name: 'api', entry: join(here, '../api/main.js') },
  { name: 'redirector', entry: join(here, '../redirector/main.js') },
  { name: 'worker', entry: join(here, '../worker/main.js') },
];

async function main() {
  const config = loadConfig();
  const log = createLogger('supervisor', config.logLevel);
  await prepareSystem(config, log);

  const children = new Map<string, ChildProcess>();
  let stopping = false;
  const start = (p: (typeof processes)[number], attempt = 0) => {
    const child = spawn(process.execPath, [p.entry], { stdio: 'inherit', env: process.env });
    children.set(p.name, child);
    log.info('process started', { process: p.name, pid: child.pid });
    const startedAt = Date.now();
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const next = Date.now() - startedAt > 30_000 ? 0 : attempt + 1;
      const delay = Math.min(500 * 2 ** next, 15_000);
      log.warn('process exited, restarting', { process: p.name, code, signal, inMs: delay });
      setTimeout(() => start(p, next), delay);
    });
  };
  processes.forEach((p) => start(p));

  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    log.info('stopping', { signal });
    for (const c of children.values()) c.kill('SIGTERM');
    const deadline = setTimeout(() => process.exit(0), 15_000);
    deadline.unref();
    Promise.all([...children.values()].map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const lines = [
    '',
    'LinkPulse is starting:',
    `  Web app and API   http://localhost:${config.apiPort}`,
    `  API docs          http://localhost:${config.apiPort}/api/docs`,
    `  Short links       ${config.shortBaseUrl}/s/{code}  (redirector on port ${config.redirectPort})`,
    `  Sign in as        ${config.adminUsername}`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err) => {
  process.stderr.write(`linkpulse: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
