import type { Redis } from 'ioredis';
import type { Logger } from '@app/config';
import { connectRedis } from '@app/queue';
import { startIntegrationsWorkers } from '../../apps/worker/integrations-workers.js';
import type { JsonResponse } from './json-fetch.js';
import type { TestApi } from './test-api.js';

/** The worker process's integrations workers (webhooks, imports) over a suite's api, and the connection they run on. */
export type SuiteWorkers = ReturnType<typeof startIntegrationsWorkers> & { redis: Redis };

/** Starts them on a Redis connection of their own; `close()` stops them and then closes it. */
export async function startSuiteWorkers(api: TestApi, log: Logger): Promise<SuiteWorkers> {
  const redis = await connectRedis(api.config.redisUrl);
  const workers = startIntegrationsWorkers({ config: api.config, dataSource: api.dataSource, redis, log });
  return {
    ...workers,
    redis,
    async close() {
      await workers.close();
      redis.disconnect();
    },
  };
}

/**
 * An import's state once the workers have finished it (`done` or `failed`), as `GET /api/imports/{id}` answers it;
 * `workspaceId` for an import made in a team workspace.
 */
export async function importFinished(
  api: TestApi,
  session: string,
  id: string,
  { workspaceId, timeoutMs = 30_000 }: { workspaceId?: string; timeoutMs?: number } = {},
): Promise<JsonResponse['body']> {
  const path = `/api/imports/${id}${workspaceId ? `?workspaceId=${workspaceId}` : ''}`;
  const end = Date.now() + timeoutMs;
  for (;;) {
    const body = (await api.call('GET', path, { session })).body;
    if (body?.status === 'done' || body?.status === 'failed') return body;
    if (Date.now() > end) throw new Error(`Timed out waiting for import ${id}; last: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
