import type { JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createQueue, type JobName } from '@app/queue';

const JOB_DELIVER: JobName<'webhooks'> = 'deliver';
const JOB_FLUSH_CLICKS: JobName<'webhooks'> = 'flush-clicks';
/** Job `deliver`: the delivery row is the message; its id is the job id, so queuing it twice is harmless. */
export interface DeliverJob {
  deliveryId: string;
}
/** Job `flush-clicks`: send the clicks gathered for one webhook and link. */
export interface FlushClicksJob {
  webhookId: string;
  linkId: string;
}

export interface WebhookQueueOptions {
  attempts: number;
  backoffMs: number;
}

/** Producer side of queue `webhooks` (api and worker). */
export class WebhookQueue {
  readonly queue: Queue;
  constructor(
    redis: Redis,
    prefix: string,
    private readonly options: WebhookQueueOptions,
  ) {
    this.queue = createQueue('webhooks', redis, prefix);
  }

  private deliverOptions(id: string): JobsOptions {
    return {
      jobId: id,
      attempts: this.options.attempts,
      backoff: { type: 'exponential', delay: this.options.backoffMs },
      removeOnComplete: true,
      removeOnFail: { count: 1000 },
    };
  }

  async deliver(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.queue.addBulk(
      ids.map((deliveryId) => ({ name: JOB_DELIVER, data: { deliveryId } satisfies DeliverJob, opts: this.deliverOptions(deliveryId) })),
    );
  }

  async flushClicksLater(job: FlushClicksJob, delayMs: number): Promise<void> {
    await this.queue.add(JOB_FLUSH_CLICKS, job, {
      jobId: `flush-${job.webhookId}-${job.linkId}-${Date.now()}`,
      delay: delayMs,
      attempts: 3,
      backoff: { type: 'fixed', delay: 500 },
      removeOnComplete: true,
      removeOnFail: { count: 100 },
    });
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
