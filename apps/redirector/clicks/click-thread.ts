import { parentPort, workerData } from 'node:worker_threads';
import { ClickBatcher, createBullClickSink, type ClickBatcherStats } from '@app/clicks';
import type { AppConfig } from '@app/config';
import { openRedis } from '../redis.js';
import { encodeRawClicks, rawClicksOf, type RawClickFields } from './raw-clicks.js';

/** workerData of the click thread. */
export type ClickThreadConfig = Pick<
  AppConfig,
  'redisUrl' | 'redisClusterNodes' | 'redisPrefix' | 'clickBatchSize' | 'clickFlushMs' | 'clickBufferMax' | 'trustProxy'
>;

/** Request thread → click thread. */
/** `fields`: RAW_FIELDS values per click, appended by appendRawClick. */
export type ToClickThread = { t: 'clicks'; fields: unknown[] } | { t: 'close'; timeoutMs: number };
/** Click thread → request thread. */
export type FromClickThread =
  | { t: 'ready' }
  | { t: 'failed'; message: string }
  | { t: 'stats'; stats: ClickBatcherStats }
  | { t: 'log'; level: 'warn' | 'error' | 'debug'; msg: string; fields: Record<string, unknown> }
  | { t: 'closed'; lost: number; stats: ClickBatcherStats };

/**
 * The click thread: batches the request thread's raw clicks (ClickBatcher: retries with backoff, bounded buffer)
 * and adds each batch to the BullMQ `clicks` queue on its own Redis connection, written straight into the compact
 * encoding (encodeRawClicks). Parsing, encoding, JSON and the Redis writes run here, not between the 302s.
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
  const sink = createBullClickSink<RawClickFields>(redis, config.redisPrefix, (batchId, clicks) =>
    encodeRawClicks(batchId, clicks, config.trustProxy),
  );
  const batcher: ClickBatcher<RawClickFields> = new ClickBatcher(sink, {
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
  const stats = (): ClickBatcherStats => batcher.stats();
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
    if (m.t === 'clicks') {
      for (const click of rawClicksOf(m.fields)) batcher.add(click);
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
