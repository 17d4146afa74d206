import type { Logger } from '@app/config';
import type { ClickBatchResult } from './click-batch.processor.js';

/** Counts what the worker stored and logs it once a minute (one JSON line), so throughput shows in the logs. */
export function createThroughputLog(log: Logger, everyMs = 60_000) {
  let window = { jobs: 0, inserted: 0, duplicates: 0, skipped: 0, malformed: 0 };
  let since = Date.now();
  const timer = setInterval(() => flush(), everyMs);
  timer.unref();
  function flush() {
    const seconds = (Date.now() - since) / 1000;
    if (window.jobs > 0) log.info('throughput', { ...window, clicksPerSecond: Math.round(window.inserted / seconds), seconds: Math.round(seconds) });
    window = { jobs: 0, inserted: 0, duplicates: 0, skipped: 0, malformed: 0 };
    since = Date.now();
  }
  return {
    record(r: ClickBatchResult) {
      window.jobs++;
      window.inserted += r.inserted;
      window.duplicates += r.duplicates;
      window.skipped += r.skipped;
      window.malformed += r.malformed;
    },
    stop() {
      clearInterval(timer);
      flush();
    },
  };
}
