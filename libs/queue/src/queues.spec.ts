import { missingHandlers, QUEUE_JOBS, QUEUE_NAMES } from './queues.js';

describe('queue catalogue', () => {
  it('names every queue of the system once', () => {
    expect(QUEUE_NAMES).toEqual(['clicks', 'maintenance', 'webhooks', 'imports', 'link-actions']);
    for (const name of QUEUE_NAMES) expect(new Set(QUEUE_JOBS[name]).size).toBe(QUEUE_JOBS[name].length);
  });

  it('names the job types a consumer left without a handler', () => {
    const noop = async () => undefined;
    expect(missingHandlers('webhooks', { deliver: noop })).toEqual(['flush-clicks']);
    expect(missingHandlers('webhooks', { deliver: noop, 'flush-clicks': noop })).toEqual([]);
    expect(missingHandlers('maintenance', { 'health-check': noop })).toEqual([
      'retention',
      'click-partitions',
      'domain-verification',
      'session-purge',
      'day-rollup',
    ]);
  });
});

describe('createWorker', () => {
  it('refuses to start a consumer that leaves a job type without a handler', async () => {
    const { createWorker } = await import('./queues.js');
    const noop = async () => undefined;
    // It throws before touching the connection, so none is needed to prove the boot check.
    const start = () => createWorker('webhooks', { deliver: noop } as never, { connection: {} as never, redisPrefix: 'lp' });
    expect(start).toThrow('queue webhooks: no handler for job type(s) flush-clicks');
  });
});
