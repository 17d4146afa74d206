import { createLogger, loadConfig } from '@app/config';
import { openMigratedDatabase } from '@app/database';
import { connectRedis } from '@app/queue';
import { startMaintenanceWorker } from '@app/operations';
import { countUsers } from '@app/identity';
import { createWorkerMetrics, startMetricsServer } from '@app/metrics';
import { startClickWorker } from './click-worker.js';
import { maintenanceJobs } from './maintenance-jobs.js';
import { startIntegrationsWorkers } from './integrations-workers.js';
import { startLinkActionsWorker } from './link-actions-worker.js';
import type { ClickBatchResult } from './click-batch.processor.js';
import { createThroughputLog } from './throughput.js';

/** `npm run start:worker`: the queue consumers. Scale by starting more of these. */
async function main() {
  const config = loadConfig();
  const log = createLogger('worker', config.logLevel);
  // The worker may start before the api: it creates the database and schema if missing too.
  const dataSource = await openMigratedDatabase(
    config.databaseUrl,
    { poolSize: config.workerConcurrency + 2, applicationName: 'linkpulse-worker' },
    log,
  );
  const redis = await connectRedis(config.redisUrl, config.redisClusterNodes);
  redis.on('error', (err) => log.warn('redis connection error', { err: err.message }));

  const throughput = createThroughputLog(log);
  const metrics = createWorkerMetrics();
  metrics.watchBullQueues(redis, config.redisPrefix);
  const onIngested = (r: ClickBatchResult) => (throughput.record(r), metrics.recordIngest(r));
  const consumers: { close(): Promise<void> }[] = [];
  const integrations = startIntegrationsWorkers({ config, dataSource, redis, log });
  consumers.push(startClickWorker({ config, dataSource, redis, log, onIngested, metrics, onStored: integrations.notifier.notify }));
  consumers.push(integrations);
  consumers.push(startLinkActionsWorker({ config, dataSource, redis, log, store: integrations.store }));
  // Other queue consumers start here, one line each: consumers.push(await startXxx({ config, dataSource, redis, log }));
  consumers.push(
    await startMaintenanceWorker({
      config,
      dataSource,
      redis,
      log,
      countUsers: () => countUsers(dataSource),
      jobs: maintenanceJobs(config, integrations.store, dataSource, log),
    }),
  );

  const metricsServer = await startMetricsServer(metrics.registry, { port: config.workerMetricsPort, token: config.metricsToken, log });
  log.info('worker started', {
    queue: 'clicks',
    concurrency: config.workerConcurrency,
    prefix: config.redisPrefix,
    metricsPort: metricsServer?.port ?? null,
  });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info('stopping: finishing current jobs', { signal });
    await Promise.allSettled(consumers.map((c) => c.close()));
    throughput.stop();
    redis.disconnect();
    await dataSource.destroy().catch(() => undefined);
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', (s) => void stop(s));
  process.on('SIGINT', (s) => void stop(s));
}

main().catch((err: unknown) => {
  process.stderr.write(`linkpulse worker: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
