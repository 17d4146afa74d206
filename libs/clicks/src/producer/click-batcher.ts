import { randomUUID } from 'node:crypto';
import type { ClickEvent } from '@app/contracts';

/** Where a batch goes: one BullMQ job in production, an array in tests. Must reject when the batch was not stored. */
export interface ClickSink<C = ClickEvent> {
  send(batchId: string, clicks: C[]): Promise<void>;
  close(): Promise<void>;
}

export interface ClickBatcherOptions {
  /** Flush as soon as this many clicks are waiting. */
  batchSize: number;
  /** Flush at the latest this many ms after the first click of a batch. */
  flushMs: number;
  /** Most clicks kept in memory while the sink fails; beyond it the oldest are dropped (and counted). */
  bufferMax: number;
  /** Batches sent at the same time. */
  maxInFlight?: number;
  /** First retry delay after a failed send; doubles up to `retryMaxMs`. */
  retryMinMs?: number;
  retryMaxMs?: number;
  onSendError?: (err: unknown, clicks: number) => void;
  onDrop?: (clicks: number) => void;
}

export interface ClickBatcherStats {
  /** Clicks handed to `add` since start. */
  accepted: number;
  /** Clicks the sink confirmed stored. */
  flushed: number;
  /** Clicks held in memory right now (waiting, in flight or waiting for a retry). */
  buffered: number;
  /** Clicks dropped because the buffer was full or the batcher was closed. */
  dropped: number;
  /** Batches confirmed stored. */
  batches: number;
  /** Failed send attempts. */
  sendErrors: number;
}

interface Batch<C> {
  id: string;
  clicks: C[];
}

/**
 * Collects clicks and hands them to the sink in batches (size or time, whichever first). A failed batch keeps its
 * id and is retried with backoff, so a retry after an ambiguous failure cannot create a second job. `add` never
 * blocks and never throws: when the sink is down, clicks wait in a bounded buffer.
 */
export class ClickBatcher<C = ClickEvent> {
  private pending: C[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly outbox: Batch<C>[] = [];
  private inFlight = 0;
  private inFlightClicks = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay: number;
  private closing = false;
  /** False after a failed send: then one batch at a time probes the sink until one succeeds. */
  private healthy = true;
  private closed = false;
  private idleWaiters: Array<() => void> = [];
  private readonly counters = { accepted: 0, flushed: 0, dropped: 0, batches: 0, sendErrors: 0 };
  private readonly maxInFlight: number;
  private readonly retryMinMs: number;
  private readonly retryMaxMs: number;

  constructor(
    private readonly sink: ClickSink<C>,
    private readonly opts: ClickBatcherOptions,
  ) {
    this.maxInFlight = opts.maxInFlight ?? 4;
    this.retryMinMs = opts.retryMinMs ?? 100;
    this.retryMaxMs = opts.retryMaxMs ?? 5000;
    this.retryDelay = this.retryMinMs;
  }

  add(click: C): void {
    if (this.closed) {
      this.drop(1);
      return;
    }
    this.counters.accepted++;
    this.pending.push(click);
    if (this.pending.length >= this.opts.batchSize) this.cut();
    else if (this.timer === undefined) this.timer = setTimeout(() => this.cut(), this.opts.flushMs);
    if (this.buffered() > this.opts.bufferMax) this.dropOldest(this.buffered() - this.opts.bufferMax);
  }

  stats(): ClickBatcherStats {
    return { ...this.counters, buffered: this.buffered() };
  }

  /** Stops the timers, sends everything still held (retrying until `timeoutMs`), closes the sink. Returns clicks lost. */
  async flushAndClose(timeoutMs = 10_000): Promise<number> {
    this.closing = true;
    this.cut();
    this.retryDelay = Math.min(this.retryDelay, 250);
    const deadline = new Promise<void>((r) => setTimeout(r, timeoutMs).unref());
    await Promise.race([this.idle(), deadline]);
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const lost = this.buffered();
    if (lost > 0) this.drop(lost);
    this.pending = [];
    this.outbox.length = 0;
    await this.sink.close().catch(() => undefined);
    return lost;
  }

  private buffered(): number {
    let n = this.pending.length + this.inFlightClicks;
    for (const b of this.outbox) n += b.clicks.length;
    return n;
  }

  private cut(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.pending.length > 0) {
      this.outbox.push({ id: randomUUID(), clicks: this.pending });
      this.pending = [];
    }
    this.pump();
  }

  private pump(): void {
    const limit = this.healthy ? this.maxInFlight : 1;
    while (this.retryTimer === undefined && this.inFlight < limit && this.outbox.length > 0) {
      this.send(this.outbox.shift()!);
    }
    this.checkIdle();
  }

  private send(batch: Batch<C>): void {
    this.inFlight++;
    this.inFlightClicks += batch.clicks.length;
    const done = () => {
      this.inFlight--;
      this.inFlightClicks -= batch.clicks.length;
    };
    this.sink.send(batch.id, batch.clicks).then(
      () => {
        done();
        // Counted as lost by flushAndClose's deadline, then stored after all.
        if (this.closed) this.counters.dropped -= batch.clicks.length;
        this.counters.flushed += batch.clicks.length;
        this.counters.batches++;
        this.retryDelay = this.retryMinMs;
        this.healthy = true;
        this.pump();
      },
      (err: unknown) => {
        done();
        this.counters.sendErrors++;
        this.healthy = false;
        this.opts.onSendError?.(err, batch.clicks.length);
        if (this.closed) return; // already counted as lost by flushAndClose
        this.outbox.unshift(batch);
        this.scheduleRetry();
        if (this.buffered() > this.opts.bufferMax) this.dropOldest(this.buffered() - this.opts.bufferMax);
      },
    );
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== undefined) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, this.closing ? 250 : this.retryMaxMs);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.pump();
    }, delay);
  }

  /** Drops from the oldest batch waiting for a retry, then from the batch being filled; in-flight ones are left. */
  private dropOldest(n: number): void {
    let left = n;
    while (left > 0 && this.outbox.length > 0) {
      const first = this.outbox[0];
      const take = Math.min(left, first.clicks.length);
      first.clicks.splice(0, take);
      if (first.clicks.length === 0) this.outbox.shift();
      left -= take;
    }
    if (left > 0) this.pending.splice(0, Math.min(left, this.pending.length));
    this.drop(n);
  }

  private drop(n: number): void {
    this.counters.dropped += n;
    this.opts.onDrop?.(n);
  }

  private idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  private isIdle(): boolean {
    return this.pending.length === 0 && this.outbox.length === 0 && this.inFlight === 0;
  }

  private checkIdle(): void {
    if (this.idleWaiters.length === 0 || !this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}
