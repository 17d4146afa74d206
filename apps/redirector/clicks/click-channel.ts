import { Worker } from 'node:worker_threads';
import type { ClickBatcherStats } from '@app/clicks';
import type { Logger } from '@app/config';
import type { ClickThreadConfig, FromClickThread, ToClickThread } from './click-thread.js';

/** Run from the TypeScript sources (tests): the thread loads them through tsx; built: the compiled file. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const THREAD_ENTRY = new URL(FROM_SOURCE ? './click-thread-from-source.mjs' : './click-thread.js', import.meta.url);
/**
 * Records go to the click thread 500 at a time, or 10 ms after the first one waiting (at most 10 ms more before a
 * click is queued). Few large messages, because each message wakes the thread: a syscall on the request thread.
 */
const MAX_RECORDS_PER_MESSAGE = 500;
const POST_AFTER_MS = 10;

/**
 * The request thread's end of the click pipeline: `add` keeps a raw record (raw-clicks.ts); the records
 * go to the click thread (click-thread.ts) in messages, and it batches them into the queue.
 * `stats()` is the batcher's counters as the thread last reported them (every 20 ms at most), with `accepted`
 * counted here and `buffered` = accepted − flushed − dropped (held here, in the message, or in the thread).
 */
export class ClickChannel {
  private records: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private accepted = 0;
  private remote: ClickBatcherStats = { accepted: 0, flushed: 0, buffered: 0, dropped: 0, batches: 0, sendErrors: 0 };
  private closing: Promise<number> | undefined;

  private constructor(
    private readonly thread: Worker,
    private readonly log: Logger,
  ) {}

  /** Starts the click thread; rejects with the thread's reason (e.g. Redis unreachable) when it cannot start. */
  static start(config: ClickThreadConfig, log: Logger): Promise<ClickChannel> {
    const thread = new Worker(THREAD_ENTRY, { workerData: config });
    return new Promise((resolve, reject) => {
      const channel = new ClickChannel(thread, log);
      const onExit = (code: number) => reject(new Error(`click thread exited with code ${code} before it was ready`));
      thread.once('exit', onExit);
      thread.once('error', reject);
      thread.on('message', (m: FromClickThread) => {
        if (m.t === 'ready') {
          thread.off('exit', onExit);
          thread.off('error', reject);
          thread.on('error', (err) => log.error('click thread failed: clicks are no longer queued', { err }));
          resolve(channel);
        } else if (m.t === 'failed') reject(new Error(m.message));
        else channel.receive(m);
      });
    });
  }

  /** Records one click (a raw record from rawClick). Never blocks, never throws. */
  add(record: string): void {
    if (this.closing) {
      this.remote.dropped++;
      this.accepted++;
      return;
    }
    this.accepted++;
    // An array joined once per message: appending to one string builds a rope that postMessage must flatten.
    if (this.records.push(record) >= MAX_RECORDS_PER_MESSAGE) this.post();
    else if (this.timer === undefined) this.timer = setTimeout(() => this.post(), POST_AFTER_MS);
  }

  stats(): ClickBatcherStats {
    const { flushed, dropped, batches, sendErrors } = this.remote;
    return { accepted: this.accepted, flushed, dropped, batches, sendErrors, buffered: this.accepted - flushed - dropped };
  }

  /** Sends what is held here, then lets the thread flush (retrying up to `timeoutMs`) and stop. Returns clicks lost. */
  flushAndClose(timeoutMs = 10_000): Promise<number> {
    this.closing ??= new Promise<number>((resolve) => {
      this.post();
      this.thread.on('message', (m: FromClickThread) => m.t === 'closed' && resolve(m.lost));
      this.thread.once('exit', () => resolve(this.stats().buffered));
      this.thread.postMessage({ t: 'close', timeoutMs } satisfies ToClickThread);
    });
    return this.closing;
  }

  private post(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.records.length === 0) return;
    this.thread.postMessage({ t: 'records', records: this.records.join('') } satisfies ToClickThread);
    this.records = [];
  }

  private receive(m: FromClickThread): void {
    if (m.t === 'stats' || m.t === 'closed') this.remote = m.stats;
    else if (m.t === 'log') this.log[m.level](m.msg, m.fields);
  }
}
