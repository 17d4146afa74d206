export * from './health/probes.js';
export * from './health/health-history.js';
export * from './health/health.service.js';
export * from './queues/operation-queues.js';
export * from './recovery/recovery.service.js';
export * from './system/system.service.js';
export * from './maintenance/retention.js';
export * from './maintenance/maintenance-worker.js';
export * from './queries/get-health.query.js';
export * from './queries/get-readiness.query.js';
export * from './queries/get-system-status.query.js';
export * from './commands/recover.command.js';
export * from './commands/retry-failed-jobs.command.js';
export * from './commands/rebuild-projections.command.js';

import { GetHealthHandler } from './queries/get-health.query.js';
import { GetReadinessHandler } from './queries/get-readiness.query.js';
import { GetSystemStatusHandler } from './queries/get-system-status.query.js';
import { RecoverHandler } from './commands/recover.command.js';
import { RetryFailedJobsHandler } from './commands/retry-failed-jobs.command.js';
import { RebuildProjectionsHandler } from './commands/rebuild-projections.command.js';
import { HealthService } from './health/health.service.js';
import { OperationQueues } from './queues/operation-queues.js';
import { RecoveryService } from './recovery/recovery.service.js';
import { SystemService } from './system/system.service.js';

/** Everything the api registers for operations (services + CQRS handlers). */
export const OPERATIONS_PROVIDERS = [
  OperationQueues,
  HealthService,
  RecoveryService,
  SystemService,
  GetHealthHandler,
  GetReadinessHandler,
  GetSystemStatusHandler,
  RecoverHandler,
  RetryFailedJobsHandler,
  RebuildProjectionsHandler,
];
