export * from './health/probes.js';
export * from './health/health-history.js';
export * from './health/health.service.js';
export * from './queues/operation-queues.js';
export * from './recovery/recovery.service.js';
export * from './system/system.service.js';
export * from './system/stored-clicks.js';
export * from './maintenance/retention.js';
export * from './maintenance/click-partitions.js';
export * from './maintenance/maintenance-worker.js';

import { HealthService } from './health/health.service.js';
import { OperationQueues } from './queues/operation-queues.js';
import { RecoveryService } from './recovery/recovery.service.js';
import { SystemService } from './system/system.service.js';

/**
 * Everything the api registers for operations. Operations change no aggregate and emit no events, so their routes
 * call these services directly (commands and queries are for the product's model: identity, links, analytics).
 */
export const OPERATIONS_PROVIDERS = [OperationQueues, HealthService, RecoveryService, SystemService];
