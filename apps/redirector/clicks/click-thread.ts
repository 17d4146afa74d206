import { parentPort, workerData } from 'node:worker_threads';
import { ClickBatcher, createBullClickSink, type ClickBatcherStats, type MintedClick } from '@app/clicks';
import type { AppConfig } from '@app/config';
import { openRedis } from '../redis.js';
import { mintClicks } from './raw-clicks.js';

/** workerData of the click thread. */
export type ClickThreadConfig = Pick<
  AppConfig,
  'redisUrl' | 'redisClusterNodes' | 'redisPrefix' | 'clickBatchSize' | 'clickFlushMs' | 'clickBufferMax' | 'trustProxy'
>;

/** Request thread → click thread. */
export type ToClickThread = { t: 'records'; records: string } | { t: 'close'; timeoutMs: number };
/** Click thread → request thread. */
export type FromClickThread =
  | { t: 'ready' }
  | { t: 'failed'; message: string }
  | { t: 'stats'; stats: ClickBatcherStats }
  | { t: 'log'; level: 'warn' | 'error' | 'debug'; msg: string; fields: Record<string, unknown> }
  | { t: 'closed'; lost: number; stats: ClickBatcherStats };

/**
 * The click thread: turns the request thread's raw records into clicks and sends them in batches to the BullMQ
 * `clicks` queue (ClickBatcher: retries with backoff, bounded buffer), on its own Redis connection. Minting,
 * encoding, JSON and the Redis writes run here, beside the request thread instead of between its 302s.
 */
async function run(port: NonNullable<typeof parentPort>, config: ClickThreadConfig): Promise<void> {
  const post = (m: FromClickThread) => port.postMessage(m);
  const log = (level: 'warn' | 'error' | 'debug', msg: string, fields: Record<string, unknown>) => post({ t: 'log', level, msg, fields });
  let redis;
  try {
    redis = await openRedis(config.redisUrl, true, config.redisClusterNodes);
  } catch (err) {
    post({ t: 'failed', message: err instanceof Error ? err.message : String(err) });
    return;
  }
  let lastDropLog = 0;
  const batcher: ClickBatcher<MintedClick> = new ClickBatcher(createBullClickSink(redis, config.redisPrefix), {
    batchSize: config.clickBatchSize,
    flushMs: config.clickFlushMs,
    bufferMax: config.clickBufferMax,
    onDrop: (n) => {
      if (Date.now() - lastDropLog < 10_000) return;
      lastDropLog = Date.now();
      log('error', 'click buffer full: dropping the oldest clicks', { dropped: n, total: batcher.stats().dropped });
    },
    onSendError: (err, clicks) => log('debug', 'click batch not stored yet, will retry', { clicks, err: String(err) }),
  });

  // The request thread reads the counters from the last snapshot: sent whenever one moved (checked every 20 ms).
  // Malformed records (none can be: see raw-clicks.ts) count as dropped.
  let malformedTotal = 0;
  const stats = (): ClickBatcherStats => {
    const s = batcher.stats();
    return { ...s, accepted: s.accepted + malformedTotal, dropped: s.dropped + malformedTotal };
  };
  let sent = '';
  const report = () => {
    const now = stats();
    const key = `${now.flushed} ${now.dropped} ${now.sendErrors} ${now.buffered}`;
    if (key !== sent) {
      sent = key;
      post({ t: 'stats', stats: now });
    }
  };
  const reporter = setInterval(report, 20);

  port.on('message', (m: ToClickThread) => {
    if (m.t === 'records') {
      const { clicks, malformed } = mintClicks(m.records, config.trustProxy);
      for (const click of clicks) batcher.add(click);
      if (malformed > 0) {
        malformedTotal += malformed;
        log('error', 'malformed click records skipped', { malformed });
      }
      return;
    }
    clearInterval(reporter);
    void batcher.flushAndClose(m.timeoutMs).then((lost) => {
      redis.disconnect();
      post({ t: 'closed', lost, stats: stats() });
      port.close();
    });
  });
  post({ t: 'ready' });
}

if (parentPort) void run(parentPort, workerData as ClickThreadConfig);
