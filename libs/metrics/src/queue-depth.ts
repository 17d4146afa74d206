import { Gauge, type Registry } from 'prom-client';

export interface JobCountsSource {
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}

const STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed', 'paused'];
const TIMEOUT_MS = 2000;

/**
 * `linkpulse_queue_depth{queue,state}`: BullMQ job counts read at scrape time. When Redis does not answer within
 * 2 s the gauge keeps the last values (the scrape is not held up).
 */
export function registerQueueDepth(registry: Registry, queues: Record<string, JobCountsSource>): Gauge {
  return new Gauge({
    name: 'linkpulse_queue_depth',
    help: 'Jobs in each BullMQ queue by state, read from Redis at scrape time (waiting = not yet picked up by a worker).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      await Promise.all(
        Object.entries(queues).map(async ([queue, source]) => {
          const counts = await withTimeout(source.getJobCounts(...STATES)).catch(() => null);
          if (counts) for (const state of STATES) this.set({ queue, state }, counts[state] ?? 0);
        }),
      );
    },
  });
}

function withTimeout<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Redis did not answer')), TIMEOUT_MS);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
