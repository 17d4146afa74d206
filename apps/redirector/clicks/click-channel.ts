import { Worker } from 'node:worker_threads';
import type { ClickBatcherStats } from '@app/clicks';
import type { Logger } from '@app/config';
import type { ClickThreadConfig, FromClickThread, ToClickThread } from './click-thread.js';
import { appendRawClick, RAW_FIELDS, type RawClick } from './raw-clicks.js';

/** Run from the TypeScript sources (tests): the thread loads them through tsx; built: the compiled file. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const THREAD_ENTRY = new URL(FROM_SOURCE ? './click-thread-from-source.mjs' : './click-thread.js', import.meta.url);
/**
 * Clicks go to the click thread 500 at a time, or 10 ms after the first one waiting (at most 10 ms more before a
 * click is queued). Few messages, because each message wakes the thread: a syscall on the request thread. Not many
 * more than 500 either: measured under wrk, messages of 2,000 (posted every 25 ms) cost the request thread 1–2 µs
 * more per click.
 */
const MAX_CLICKS_PER_MESSAGE = 500;
const POST_AFTER_MS = 10;
const ZERO: ClickBatcherStats = { accepted: 0, flushed: 0, buffered: 0, dropped: 0, batches: 0, sendErrors: 0 };

/**
 * The request thread's end of the click pipeline: `add` appends a visit's raw facts (raw-clicks.ts) to a flat
 * array; the array goes to the click thread (click-thread.ts) as one message, and it batches the clicks into the queue.
 * `stats()` is the batcher's counters as the thread last reported them (every 20 ms at most), with `accepted`
 * counted here and `buffered` = accepted − flushed − dropped (held here, in the message, or in the thread).
 */
export class ClickChannel {
  /** Clicks waiting here, RAW_FIELDS values each (appendRawClick). */
  private fields: unknown[] = [];
  private timer: NodeJS.Timeout | undefined;
  private accepted = 0;
  /** Counters of the running thread (since it started) and of the threads before it. */
  private remote: ClickBatcherStats = ZERO;
  private earlier: ClickBatcherStats = ZERO;
  /** Clicks posted to the running thread. */
  private posted = 0;
  private ready = false;
  private closing: Promise<number> | undefined;
  /** The running click thread (replaced when it dies). */
  thread!: Worker;

  private constructor(
    private readonly config: ClickThreadConfig,
    private readonly log: Logger,
  ) {}

  /** Starts the click thread; rejects with the thread's reason (e.g. Redis unreachable) when it cannot start. */
  static async start(config: ClickThreadConfig, log: Logger): Promise<ClickChannel> {
    const channel = new ClickChannel(config, log);
    await channel.spawn();
    return channel;
  }

  /** Records one click. Never blocks, never throws. */
  add(click: RawClick): void {
    this.accepted++;
    // Closing, or no thread for longer than CLICK_BUFFER_MAX clicks take: the click is dropped (and counted).
    if (this.closing || (!this.ready && this.waiting >= this.config.clickBufferMax)) {
      this.earlier = { ...this.earlier, dropped: this.earlier.dropped + 1 };
      return;
    }
    appendRawClick(this.fields, click);
    if (this.waiting >= MAX_CLICKS_PER_MESSAGE) this.post();
    else if (this.timer === undefined) this.timer = setTimeout(() => this.post(), POST_AFTER_MS);
  }

  /** Clicks waiting here for the next message. */
  private get waiting(): number {
    return this.fields.length / RAW_FIELDS;
  }

  stats(): ClickBatcherStats {
    const [a, b] = [this.earlier, this.remote];
    const flushed = a.flushed + b.flushed;
    const dropped = a.dropped + b.dropped;
    return {
      accepted: this.accepted,
      flushed,
      dropped,
      batches: a.batches + b.batches,
      sendErrors: a.sendErrors + b.sendErrors,
      buffered: this.accepted - flushed - dropped,
    };
  }

  /** Sends what is held here, then lets the thread flush (retrying up to `timeoutMs`) and stop. Returns clicks lost. */
  flushAndClose(timeoutMs = 10_000): Promise<number> {
    this.closing ??= new Promise<number>((resolve) => {
      this.post();
      const thread = this.thread;
      thread.on('message', (m: FromClickThread) => m.t === 'closed' && resolve(m.lost + this.waiting));
      thread.once('exit', () => resolve(this.stats().buffered));
      thread.postMessage({ t: 'close', timeoutMs } satisfies ToClickThread);
    });
    return this.closing;
  }

  private spawn(): Promise<void> {
    const thread = new Worker(THREAD_ENTRY, { workerData: this.config });
    this.thread = thread;
    return new Promise((resolve, reject) => {
      const early = (code: number) => reject(new Error(`click thread exited with code ${code} before it was ready`));
      thread.once('exit', early);
      thread.once('error', reject);
      thread.on('message', (m: FromClickThread) => {
        if (m.t === 'ready') {
          thread.off('exit', early);
          thread.off('error', reject);
          thread.on('error', (err) => this.log.error('click thread failed', { err }));
          thread.once('exit', (code) => this.replace(code));
          this.ready = true;
          this.post();
          resolve();
        } else if (m.t === 'failed') reject(new Error(m.message));
        else this.receive(m);
      });
    });
  }

  /**
   * A click thread that died (a bug, out of memory) is replaced at once, so later clicks are queued again. The
   * clicks it held are lost and counted as dropped; clicks that come meanwhile wait here.
   */
  private replace(code: number): void {
    if (this.closing) return;
    const r = this.remote;
    const lost = Math.max(0, this.posted - r.flushed - r.dropped);
    this.earlier = {
      ...this.earlier,
      flushed: this.earlier.flushed + r.flushed,
      dropped: this.earlier.dropped + r.dropped + lost,
      batches: this.earlier.batches + r.batches,
      sendErrors: this.earlier.sendErrors + r.sendErrors,
    };
    this.remote = ZERO;
    this.posted = 0;
    this.ready = false;
    this.log.error('click thread stopped: starting a new one', { code, lost });
    const retry = () =>
      this.spawn().catch((err: unknown) => {
        if (this.closing) return;
        this.log.error('click thread did not start, retrying in 1 s', { err });
        setTimeout(retry, 1000).unref();
      });
    void retry();
  }

  private post(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (!this.ready || this.waiting === 0) return;
    this.thread.postMessage({ t: 'clicks', fields: this.fields } satisfies ToClickThread);
    this.posted += this.waiting;
    this.fields = [];
  }

  private receive(m: FromClickThread): void {
    if (m.t === 'stats' || m.t === 'closed') this.remote = m.stats;
    else if (m.t === 'log') this.log[m.level](m.msg, m.fields);
  }
}
