import { createLogger, loadConfig } from '@app/config';
import { startRedirector } from './app.js';

/** `npm run start:redirector`: the short-link hot path on REDIRECT_PORT; SIGTERM flushes the pending clicks. */
async function main() {
  const config = loadConfig();
  const log = createLogger('redirector', config.logLevel);
  const app = await startRedirector(config, log);
  log.info('redirector listening', { port: app.port, shortBaseUrl: config.shortBaseUrl });

  const statsTimer = setInterval(() => {
    log.info('stats', { http: app.server.stats, links: app.resolver.stats(), clicks: app.clicks.stats(), redis: app.redis.status });
  }, 60_000);
  statsTimer.unref();

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    clearInterval(statsTimer);
    log.info('stopping: flushing clicks', { signal, clicks: app.clicks.stats() });
    const lost = await app.close(10_000);
    if (lost > 0) log.error('clicks lost at shutdown: Redis unreachable for 10 s', { lost });
    log.info('stopped', { http: app.server.stats, clicks: app.clicks.stats() });
    process.exit(0);
  };
  process.on('SIGTERM', (s) => void stop(s));
  process.on('SIGINT', (s) => void stop(s));
}

main().catch((err) => {
  process.stderr.write(`redirector: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
