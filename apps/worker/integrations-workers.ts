import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { AppConfig, Logger } from '@app/config';
import type { WorkspaceAccess } from '@app/contracts';
import {
  WebhookQueue,
  createClickNotifier,
  failImport,
  runImport,
  startWebhookWorker,
  type CreateImportedLinks,
  type ImportJob,
} from '@app/integrations';
import { ownerNamesByIds } from '@app/identity';
import { CreateLinkCommand, CreateLinkHandler, createLinksBatch, LinkReader, type CreateLinksBatchDeps } from '@app/links';
import type { EventStore } from '@app/event-store';
import { createEventStore } from '@app/projections';
import { createWorker, jobLock, logWorkerFailures } from '@app/queue';
import { publishImportProgress } from '@app/realtime';

export interface IntegrationsWorkerDeps {
  config: AppConfig;
  dataSource: DataSource;
  redis: Redis;
  log: Logger;
}

/**
 * The worker's integration consumers (docs/product.md#webhooks, docs/product.md#imports-and-exports): webhook deliveries and click batches, imports, and the
 * click notifier the click worker calls after each ingest commit. Imports create links with the links' own
 * CreateLinkHandler on an event store with every projection (@app/projections, as the api's): no side door.
 * The same store serves the worker's other appends (domain verification).
 */
export function startIntegrationsWorkers({ config, dataSource, redis, log }: IntegrationsWorkerDeps) {
  const webhookQueue = new WebhookQueue(redis, config.redisPrefix, { attempts: config.webhookAttempts, backoffMs: config.webhookBackoffMs });
  const store = createEventStore({ config, dataSource, redis, deliverWebhooks: (ids) => webhookQueue.deliver(ids) }, (msg, err) =>
    log.error(msg, { err }),
  );
  const createLink = new CreateLinkHandler(store, dataSource, config, new LinkReader(dataSource, config, (ids) => ownerNamesByIds(dataSource, ids)));

  const webhooks = startWebhookWorker({ config, dataSource, redis, log, queue: webhookQueue });
  const imports = createWorker(
    'imports',
    {
      import: async (job: Job<ImportJob>) => {
        const importId = job.data.importId;
        await runImport(
          dataSource,
          importId,
          importedLinksCreator({ store, dataSource, config, createLink }, `import-${importId}`),
          (ownerId, event) => publishImportProgress(redis, config.redisPrefix, ownerId, event),
        );
      },
    },
    {
      connection: redis,
      redisPrefix: config.redisPrefix,
      concurrency: 2,
      ...jobLock(config),
    },
  );
  logWorkerFailures(imports, log, 'import');
  imports.on('failed', (job) => {
    if (job && job.attemptsMade >= (job.opts.attempts ?? 1))
      void failImport(dataSource, job.data.importId, 'The import stopped on a server error; the links listed as created were created.').catch(
        () => undefined,
      );
  });

  const notifier = createClickNotifier({ dataSource, redis, prefix: config.redisPrefix, queue: webhookQueue });
  return {
    notifier,
    store,
    async close() {
      await Promise.allSettled([webhooks.close(), imports.close()]);
      await webhookQueue.close();
    },
  };
}

/** How an import's rows become links: the links' batch create, as the importer, with each row's own link id. */
export function importedLinksCreator(
  deps: { store: EventStore; dataSource: DataSource; config: AppConfig; createLink: CreateLinkHandler },
  requestId: string,
): CreateImportedLinks {
  const { store, dataSource, config, createLink } = deps;
  return async (ownerId, requests, linkIds, startedBy) => {
    // An import acts in its workspace (the imports row's owner column) as whoever started it, so the activity names them
    // (and the API key they used); an import started before that was kept is its personal workspace's user's.
    const actor: WorkspaceAccess = {
      workspaceId: ownerId,
      everyWorkspace: false,
      userId: startedBy?.userId ?? ownerId,
      role: 'editor',
      apiKeyId: startedBy?.apiKeyId ?? null,
      apiKeyName: startedBy?.apiKeyName ?? null,
      isAdmin: false,
    };
    const createOne: CreateLinksBatchDeps['createOne'] = (request, linkId, imported) =>
      createLink.create(new CreateLinkCommand(actor, request, requestId, linkId, imported));
    const outcomes = await createLinksBatch({ store, dataSource, config, createOne }, actor, requests, requestId, linkIds);
    return outcomes.map((o) => ('error' in o ? o.error.message : null));
  };
}
